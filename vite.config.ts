import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// `npm run dev` starts the server beside Vite, on PORT (default 3000): both read the variable.
// The request keeps the browser's Host, so the server's cross-site check (Origin against the
// Host the request came to), its cookies, share links and OIDC redirects all see Vite's origin.
const port = process.env.PORT || 3000; // empty means unset, as for the server
const api = { target: `http://127.0.0.1:${port}`, changeOrigin: false };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // SPEC §1: the background worker registered from /sw.js, built from src/web/sw.ts by Workbox
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      injectRegister: false, // the app registers it (features/pwa/register-worker.ts)
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Sightbook',
        short_name: 'Sightbook',
        description: 'Log wildlife sightings: species, counts, places, notes and photos.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#16803c',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        // the shell and every route chunk; photos and the bundle manifest are not part of it, nor
        // the password-strength dictionaries (750 kB compressed; only forms that set a password
        // load them, and those need the network anyway)
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['.vite/**', 'sw.js', 'assets/password-estimator-*.js'],
        // the server answers pages at '/', never at '/index.html' (src/server/web-app.ts)
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) =>
              entry.url === 'index.html' ? { ...entry, url: '/' } : entry,
            ),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) },
  },
  // the manifest lets bench/web-bundle.mjs sum what each route loads
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // what the first page needs, the landing page's included: one chunk beside the entry
          groups: [{ name: 'start', tags: ['$initial'] }],
          // small common pieces (an icon, a hook) go into the chunks that use them: a page asks
          // for a handful of files, not sixty, each a round trip on a phone's network
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/objects': api, '/healthz': api },
  },
});
