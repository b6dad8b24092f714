import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000'; // `npm run dev` starts the server on its default port

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) },
  },
  // the manifest lets bench/web-bundle.mjs sum what each route loads
  build: { outDir: 'dist/web', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': api, '/objects': api, '/healthz': api },
  },
});
