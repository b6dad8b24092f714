import { X, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';

interface OfferNoticeProps {
  icon: LucideIcon;
  /** The sentence offering something. */
  children: ReactNode;
  acceptLabel: string;
  /** Names the button that declines, for screen readers. */
  dismissLabel: string;
  onAccept: () => void;
  onDismiss: () => void;
}

/** A one-click offer inside a form (a photo's time, a place's clock), with a way to say no. */
export function OfferNotice({
  icon: Icon,
  children,
  acceptLabel,
  dismissLabel,
  onAccept,
  onDismiss,
}: OfferNoticeProps) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {/* at least 12rem: on a phone the buttons go below a readable line, not beside a sliver */}
      <span className="min-w-48 flex-1">{children}</span>
      <Button type="button" size="sm" variant="secondary" onClick={onAccept}>
        {acceptLabel}
      </Button>
      <IconTooltip label={dismissLabel}>
        <Button
          type="button"
          size="icon-xs"
          variant="ghost"
          aria-label={dismissLabel}
          onClick={onDismiss}
        >
          <X />
        </Button>
      </IconTooltip>
    </div>
  );
}
