import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The id the skip link goes to (app/layout/skip-link.tsx). */
export const MAIN_ID = 'main-content';

/**
 * A page's <main>: the skip link's target, focusable by script only (tabIndex -1) and without a
 * ring when it takes focus, as the content it holds is what the person reads next.
 */
export function PageMain({ className, ...props }: ComponentProps<'main'>) {
  return <main id={MAIN_ID} tabIndex={-1} className={cn('outline-none', className)} {...props} />;
}
