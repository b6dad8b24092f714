// The router's lazy chunk for the logs list's "Start outing" button (as offline-sync.tsx: a
// module of app/, so the feature's index is not split out of the chunks that share it).
export { StartOutingButton } from '@/features/outings';
