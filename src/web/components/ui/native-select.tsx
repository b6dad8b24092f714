import * as React from 'react';

import { cn } from '@/lib/cn';

// The browser's own select, drawn as Input is (shadcn's native-select without its chevron: the
// browser draws one). On touch screens it is at least 44 px tall (issue 34).
function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 pointer-coarse:min-h-11',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

/** Options take the popover's colours: a dark theme's list is not white on white. */
function NativeSelectOption({ className, ...props }: React.ComponentProps<'option'>) {
  return (
    <option
      data-slot="native-select-option"
      className={cn('bg-popover text-popover-foreground', className)}
      {...props}
    />
  );
}

function NativeSelectOptGroup({ className, ...props }: React.ComponentProps<'optgroup'>) {
  return (
    <optgroup
      data-slot="native-select-optgroup"
      className={cn('bg-popover text-popover-foreground', className)}
      {...props}
    />
  );
}

export { NativeSelect, NativeSelectOptGroup, NativeSelectOption };
