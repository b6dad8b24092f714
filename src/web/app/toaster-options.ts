import type { ToasterProps } from 'sonner';

/** The toast queue: SPEC §8 at most one visible at a time, SPEC §9 removed after 3000 ms. */
export const toasterOptions = {
  visibleToasts: 1,
  duration: 3000,
  // at the top, below the header: never over a form's primary button at the bottom of the screen
  position: 'top-center',
  offset: { top: 64 },
  mobileOffset: { top: 64 },
} as const satisfies ToasterProps;
