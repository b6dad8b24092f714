import { cloneElement, useId, type ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useOnline } from '@/lib/use-online';

export const OFFLINE_REASON = 'Not available offline';

type DisableableElement = ReactElement<{ disabled?: boolean; 'aria-describedby'?: string }>;

/**
 * A control that cannot be used now, saying why on hover and keyboard focus (issue 23). With a
 * `reason` the control is disabled; without one it is left as it is.
 */
export function DisabledReason({
  reason,
  children,
}: {
  reason: string | undefined;
  children: DisableableElement;
}) {
  const id = useId();
  if (!reason) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* a disabled button takes no pointer or focus: the wrapper carries the reason */}
        <span
          tabIndex={0}
          aria-describedby={id}
          data-slot="disabled-reason"
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {cloneElement(children, { disabled: true, 'aria-describedby': id })}
          {/* the description screen readers give both, whether the tooltip is open or not */}
          <span id={id} hidden>
            {reason}
          </span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

/**
 * A control that needs the server (export, import): offline it is disabled, and says why,
 * instead of sending the browser to its own offline error page (issue 23).
 */
export function NeedsConnection({ children }: { children: DisableableElement }) {
  const online = useOnline();
  return <DisabledReason reason={online ? undefined : OFFLINE_REASON}>{children}</DisabledReason>;
}
