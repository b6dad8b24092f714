export { GlobalShortcuts } from './shortcuts-dialog';
