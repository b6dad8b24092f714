import './zod-jitless'; // first: before any module that imports zod
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appRoutes } from '../common/routes';
import { App } from '@/app/app';
import { preloadUser } from '@/features/auth';
import { preloadMapPage } from '@/features/maps';
import './index.css';

// The theme is on <html> before this runs: public/theme-init.js, loaded in index.html's <head>.

// Requests every page, and the map, wait for: started now, while React starts, and in this
// order (the embedded database answers one query at a time).
preloadUser();
if (window.location.pathname === appRoutes.map) preloadMapPage(window.location.search);

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
