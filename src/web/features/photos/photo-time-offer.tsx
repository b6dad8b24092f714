import { Camera, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface PhotoTimeOfferProps {
  /** A `datetime-local` value. */
  takenAt: string;
  /** The zone of that clock when it is not the browser's ('MDT'), to say so. */
  zoneName?: string;
  onAccept: () => void;
  onDismiss: () => void;
}

const formatTaken = (local: string) =>
  new Date(local).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** Offers the first photo's capture time for an untouched Date & Time field. */
export function PhotoTimeOffer({ takenAt, zoneName, onAccept, onDismiss }: PhotoTimeOfferProps) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <Camera className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-48 flex-1">
        The photo was taken on {formatTaken(takenAt)}
        {zoneName && ` ${zoneName}`}.
      </span>
      <Button type="button" size="sm" variant="secondary" onClick={onAccept}>
        Use photo time
      </Button>
      <Button type="button" size="icon-xs" variant="ghost" aria-label="Dismiss" onClick={onDismiss}>
        <X />
      </Button>
    </div>
  );
}
