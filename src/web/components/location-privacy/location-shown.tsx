import { EyeOff, ShieldCheck, SquareDashed } from 'lucide-react';
import {
  locationShownText,
  type GeoCell,
  type LocationShown,
} from '../../../common/location-privacy';
import { cn } from '@/lib/cn';

// How a place shows to others (issue 35), in the words of common/location-privacy.ts: the
// details and outing pages, their shared pages, the list's cards and rows.

/**
 * What the owner's log or outing and a shared one both tell of how its place shows: the owner's
 * has the embargo, a shared one the cell of an obscured place and whether this viewer (a trusted
 * viewer, a reviewer) sees the exact point.
 */
export interface ShownPlace {
  locationShown: LocationShown;
  locationEmbargoUntil?: string | null;
  locationCell?: GeoCell | null;
  locationExact?: boolean;
}

/** The exact place as a trusted viewer or reviewer sees it. */
export const TRUSTED_VIEWER_TEXT = 'You see the exact place as a trusted viewer.';

const lineClass = 'flex items-start gap-2 text-sm';
const iconClass = 'mt-0.5 size-4 shrink-0 text-muted-foreground';

/** 'Location obscured: sensitive species', 'Location private until Jun 1, 2027'; none when open. */
export function LocationShownLine({ place, className }: { place: ShownPlace; className?: string }) {
  const text = locationShownText(place.locationShown, place.locationEmbargoUntil ?? null);
  if (!text) return null;
  const Icon = place.locationShown.level === 'private' ? EyeOff : SquareDashed;
  return (
    <p className={cn(lineClass, className)} data-testid="location-shown">
      <Icon className={iconClass} aria-hidden="true" />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

/** A shared page's line for a trusted viewer, who sees the exact point of an obscured place. */
export function TrustedViewerLine({ className }: { className?: string }) {
  return (
    <p className={cn(lineClass, className)} data-testid="location-shown">
      <ShieldCheck className={iconClass} aria-hidden="true" />
      <span className="min-w-0 break-words">{TRUSTED_VIEWER_TEXT}</span>
    </p>
  );
}
