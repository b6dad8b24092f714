import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A page form's Cancel and Save (issue 34): on phones a bar stuck to the bottom of the screen,
 * above the tab bar, while the form scrolls under it; on wider screens a row at the form's end.
 * It sits in a card's content, whose padding (px-6) its background spans.
 */
export function SaveBar({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="save-bar"
      className={cn(
        'flex justify-end gap-2',
        'max-sm:sticky max-sm:bottom-(--tab-bar-h) max-sm:z-10 max-sm:-mx-6 max-sm:border-t max-sm:bg-card max-sm:px-6 max-sm:py-3',
        className,
      )}
      {...props}
    />
  );
}
