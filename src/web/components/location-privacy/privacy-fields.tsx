import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { locationPrivacyLevels, type LocationPrivacy } from '../../../common/location-privacy';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { IconTooltip } from '@/components/ui/tooltip';
import { LocationShownLine, type ShownPlace } from './location-shown';

// The owner's location privacy (issue 35): a log's form and an outing's dialog. What others see
// of the place at each level, and the day an embargo keeps it private until.

export const privacyLabels: Record<LocationPrivacy, string> = {
  open: 'Open',
  obscured: 'Obscured',
  private: 'Private',
};

export const privacyHints: Record<LocationPrivacy, string> = {
  open: 'Others see the point rounded to about 1 km.',
  obscured: 'Others see only a 22 km square around it, not the place name.',
  private: 'Others see no point and no place name.',
};

/** A new log's level before the account's default is known (offline): the server applies it. */
const ACCOUNT_DEFAULT = '';

interface LocationPrivacyFieldsProps {
  /** The owner's level; undefined: the account's default, not known here yet. */
  level: LocationPrivacy | undefined;
  onLevelChange: (level: LocationPrivacy) => void;
  /** The embargo's last day ('YYYY-MM-DD'), or null for none. */
  embargoUntil: string | null;
  onEmbargoChange: (day: string | null) => void;
  embargoError?: string;
  /** How the saved place shows to others: said when a rule, an embargo or an outing decides. */
  shown?: ShownPlace;
  /** Under the level: what applies at that level alone (a log's exact point when open). */
  children?: ReactNode;
}

export function LocationPrivacyFields({
  level,
  onLevelChange,
  embargoUntil,
  onEmbargoChange,
  embargoError,
  shown,
  children,
}: LocationPrivacyFieldsProps) {
  const id = useId();
  const reason = shown?.locationShown.reason ?? 'owner'; // null: open
  return (
    <div className="grid grid-cols-1 gap-4 rounded-lg border p-4" data-testid="location-privacy">
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-level`}>Location privacy</Label>
          <NativeSelect
            id={`${id}-level`}
            value={level ?? ACCOUNT_DEFAULT}
            aria-describedby={`${id}-level-hint`}
            onChange={(event) => onLevelChange(event.target.value as LocationPrivacy)}
          >
            {level === undefined && (
              <NativeSelectOption value={ACCOUNT_DEFAULT}>Account default</NativeSelectOption>
            )}
            {locationPrivacyLevels.map((choice) => (
              <NativeSelectOption key={choice} value={choice}>
                {privacyLabels[choice]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          <p id={`${id}-level-hint`} className="text-sm text-muted-foreground">
            {level ? privacyHints[level] : "Your account's default applies."}
          </p>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-embargo`}>Keep private until</Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-embargo`}
              type="date"
              value={embargoUntil ?? ''}
              aria-describedby={`${id}-embargo-hint`}
              aria-invalid={embargoError ? true : undefined}
              onChange={(event) => onEmbargoChange(event.target.value || null)}
            />
            {embargoUntil && (
              <IconTooltip label="Clear the date">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Clear the date"
                  onClick={() => onEmbargoChange(null)}
                >
                  <X />
                </Button>
              </IconTooltip>
            )}
          </div>
          {embargoError ? (
            <p className="text-sm text-destructive" role="alert">
              {embargoError}
            </p>
          ) : (
            <p id={`${id}-embargo-hint`} className="text-sm text-muted-foreground">
              Optional: others see no place before this day (UTC).
            </p>
          )}
        </div>
      </div>
      {shown && reason !== 'owner' && <LocationShownLine place={shown} />}
      {children}
    </div>
  );
}
