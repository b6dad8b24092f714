import { cloneElement, type ReactElement } from 'react';
import { useOnline } from '@/lib/use-online';

export const OFFLINE_REASON = 'Not available offline';

/**
 * A control that needs the server (export, import): offline it is disabled, and says why on
 * hover and focus, instead of sending the browser to its own offline error page (issue 23).
 */
export function NeedsConnection({ children }: { children: ReactElement<{ disabled?: boolean }> }) {
  const online = useOnline();
  if (online) return children;
  return (
    // a disabled button takes no pointer or focus: the wrapper carries the reason
    <span
      tabIndex={0}
      title={OFFLINE_REASON}
      aria-label={OFFLINE_REASON}
      className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {cloneElement(children, { disabled: true })}
    </span>
  );
}
