import type { AdminUser } from '../../../common/admin';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 bytes, 12 KB, 3.4 MB, 2 GB: binary units, as the quota (MiB) counts them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value).toString();
  return `${shown} ${UNITS[unit]}`;
}

/** The share of the quota used, 0–100 (100 also when the quota is 0). */
export function storageShare(user: Pick<AdminUser, 'storageUsedBytes' | 'quotaBytes'>): number {
  if (user.quotaBytes <= 0) return 100;
  return Math.min(100, Math.round((user.storageUsedBytes / user.quotaBytes) * 100));
}

/** 'Never', 'Today', 'Yesterday', '5 days ago', or the date when it is over a month ago. */
export function formatLastActive(iso: string | null, now = new Date()): string {
  if (!iso) return 'Never';
  const then = new Date(iso);
  const startOfDay = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(then)) / (24 * 60 * 60 * 1000));
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 31) return `${days} days ago`;
  return formatDate(iso);
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The user's name, else their email, else a placeholder (an OpenID account without either). */
export function userLabel(user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || 'Unnamed user';
}
