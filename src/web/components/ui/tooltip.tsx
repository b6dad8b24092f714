import * as React from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';

import { cn } from '@/lib/cn';

/** SPEC §9: a tooltip opens after 700 ms; moving to the next within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// A tooltip closed less than the skip delay ago: the next one opens at once. Kept here, not in
// a provider at the app's root, so the landing page, which has no tooltip, does not load them.
let skipUntil = 0;

/** The open state of one tooltip, after SPEC §9's delays shared by every tooltip on the page. */
function useDelayedOpen(delay: number) {
  const [open, setOpen] = React.useState(false);
  const shown = React.useRef(false);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  const show = React.useCallback((next: boolean) => {
    shown.current = next;
    setOpen(next);
  }, []);
  const onOpenChange = React.useCallback(
    (next: boolean) => {
      clearTimeout(timer.current);
      if (!next) {
        if (shown.current) skipUntil = Date.now() + TOOLTIP_SKIP_DELAY_MS;
        show(false);
      } else if (Date.now() < skipUntil) show(true);
      else timer.current = setTimeout(() => show(true), delay);
    },
    [delay, show],
  );
  // radix asks to close only what it believes open: a pending open is cancelled here instead
  const cancel = React.useCallback(() => clearTimeout(timer.current), []);
  return { open, onOpenChange, cancel };
}

/** Cancels a tooltip's pending open: focus or the pointer left before its delay ran out. */
const CancelContext = React.createContext<() => void>(() => {});

/** A tooltip: opens after 700 ms, or at once right after another closed (SPEC §9). */
function Tooltip({
  delayDuration = TOOLTIP_DELAY_MS,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  const { open, onOpenChange, cancel } = useDelayedOpen(delayDuration);
  return (
    // radix's own delays off: the open state above keeps them, across every tooltip
    <TooltipPrimitive.Provider delayDuration={0} skipDelayDuration={0}>
      <CancelContext value={cancel}>
        <TooltipPrimitive.Root
          data-slot="tooltip"
          open={open}
          onOpenChange={onOpenChange}
          {...props}
        />
      </CancelContext>
    </TooltipPrimitive.Provider>
  );
}

function TooltipTrigger({
  onBlur,
  onPointerLeave,
  onPointerDown,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  const cancel = React.useContext(CancelContext);
  return (
    <TooltipPrimitive.Trigger
      data-slot="tooltip-trigger"
      onBlur={(event) => {
        cancel();
        onBlur?.(event);
      }}
      onPointerLeave={(event) => {
        cancel();
        onPointerLeave?.(event);
      }}
      onPointerDown={(event) => {
        cancel();
        onPointerDown?.(event);
      }}
      {...props}
    />
  );
}

function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs origin-(--radix-tooltip-content-transform-origin) rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="z-50 size-2.5 translate-y-[calc(-50%_-_2px)] rotate-45 rounded-[2px] bg-foreground fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/**
 * An icon-only control's name shown on hover and keyboard focus: `label` is the same text as
 * the control's aria-label. The child must take a ref and props (a Button, a menu trigger).
 */
function IconTooltip({
  label,
  side,
  children,
}: {
  label: string;
  side?: React.ComponentProps<typeof TooltipPrimitive.Content>['side'];
  children: React.ReactElement;
}) {
  return (
    <Tooltip>
      {/* named by its aria-label already: the same text as a description would be read twice */}
      <TooltipTrigger asChild aria-describedby={undefined}>
        {children}
      </TooltipTrigger>
      <TooltipContent side={side}>{label}</TooltipContent>
    </Tooltip>
  );
}

export { Tooltip, TooltipTrigger, TooltipContent, IconTooltip };
