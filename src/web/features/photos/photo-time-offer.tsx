import { Camera } from 'lucide-react';
import { OfferNotice } from '@/components/offer-notice';

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
    <OfferNotice
      icon={Camera}
      acceptLabel="Use photo time"
      dismissLabel="Dismiss"
      onAccept={onAccept}
      onDismiss={onDismiss}
    >
      The photo was taken on {formatTaken(takenAt)}
      {zoneName && ` ${zoneName}`}.
    </OfferNotice>
  );
}
