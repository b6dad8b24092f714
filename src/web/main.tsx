import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import './index.css';

// The theme is on <html> before this runs: public/theme-init.js, loaded in index.html's <head>.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The background worker (SPEC §1), loaded apart so that the first paint does not wait for it.
import('@/features/pwa/register-worker')
  .then(({ registerWorker }) => registerWorker())
  .catch((error: unknown) => console.error('Service worker registration failed', error));
