const KB = 1024;
const MB = 1024 * KB;

/** Bytes as people read them: '0 MB', '4 KB', '0.4 MB' from 100 KB on, '12 MB', '1,980 MB'. */
export function formatStorage(bytes: number): string {
  if (bytes > 0 && bytes < 100 * KB) return `${Math.ceil(bytes / KB).toLocaleString('en-US')} KB`;
  const mb = bytes / MB;
  const digits = mb > 0 && mb < 10 ? 1 : 0;
  return `${mb.toLocaleString('en-US', { maximumFractionDigits: digits })} MB`;
}

/** How full the storage is, 0–100 (a quota of 0 is full at once). */
export function usedPercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 100;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}
