// The router's lazy chunk for the offline replay. Through this module, not a lazy import of the
// feature's index: that index is shared with the logs pages, and a lazy import of it splits the
// entry chunk (2.4 kB more on the landing page, bench/web-bundle.mjs).
export { OfflineSync } from '@/features/offline';
