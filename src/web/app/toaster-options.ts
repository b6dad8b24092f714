import type { ToasterProps } from 'sonner';

/** The toast queue: SPEC §8 at most one visible at a time, SPEC §9 removed after 3000 ms. */
export const toasterOptions = {
  visibleToasts: 1,
  duration: 3000,
} as const satisfies ToasterProps;
