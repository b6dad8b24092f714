import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { LocationPrivacy } from '../../../common/location-privacy';
import {
  outingProtocols,
  outingWriteSchema,
  type Outing,
  type OutingProtocol,
} from '../../../common/outings/schemas';
import { Field } from '@/components/field';
import { LocationPrivacyFields } from '@/components/location-privacy/privacy-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/error-message';
import { toZonedInput, withZoneOffset } from '@/lib/form-dates';
import { browserTimeZone } from '@/lib/log-dates';
import { isUnauthorized } from '@/lib/query-client';
import { protocolHints, protocolLabels } from './effort';
import { toOutingPayload } from './outing-payload';
import { useUpdateOuting } from './use-outings';

interface Draft {
  start: string;
  protocol: OutingProtocol;
  duration: string;
  distance: string;
  party: string;
  complete: boolean;
  placeName: string;
  notes: string;
  privacy: LocationPrivacy;
  embargoUntil: string | null;
}

const zoneOf = (outing: Outing) => outing.timeZone ?? browserTimeZone() ?? 'UTC';
const numberText = (value: number | null) => (value === null ? '' : String(value));
/** A typed number, '' as none; text that is no number is sent as is for the schema to name. */
const readNumber = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : (trimmed as unknown as number);
};

const draftOf = (outing: Outing): Draft => ({
  start: toZonedInput(new Date(outing.startedAt), zoneOf(outing)),
  protocol: outing.protocol,
  duration: numberText(outing.durationMinutes),
  distance: numberText(outing.distanceKm),
  party: numberText(outing.partySize),
  complete: outing.complete,
  placeName: outing.placeName ?? '',
  notes: outing.notes ?? '',
  privacy: outing.locationPrivacy,
  embargoUntil: outing.locationEmbargoUntil,
});

/**
 * Issue 22: the outing's effort, place, location privacy (issue 35) and notes, checked with the
 * API's own schema.
 */
export function EditOutingDialog({
  outing,
  open,
  onOpenChange,
}: {
  outing: Outing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(outing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateOuting(outing.id);
  const change = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));

  const openChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) {
      setDraft(draftOf(outing)); // what the outing is now, each time
      setErrors({});
      update.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      ...toOutingPayload(outing),
      startedAt: withZoneOffset(draft.start, zoneOf(outing)),
      protocol: draft.protocol,
      durationMinutes: readNumber(draft.duration),
      distanceKm: readNumber(draft.distance),
      partySize: readNumber(draft.party),
      complete: draft.complete,
      placeName: draft.placeName,
      notes: draft.notes,
      locationPrivacy: draft.privacy,
      locationEmbargoUntil: draft.embargoUntil,
    };
    const checked = outingWriteSchema.safeParse(payload);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(payload, {
      onSuccess: () => {
        toast.success('Outing updated');
        onOpenChange(false);
      },
      onError: (error) => {
        if (!isUnauthorized(error)) {
          toast.error('Error', { description: errorMessage(error, 'Failed to update the outing') });
        }
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Outing</DialogTitle>
            <DialogDescription>
              The effort goes with the outing&apos;s logs into eBird and Darwin Core exports.
            </DialogDescription>
          </DialogHeader>
          <Field id="outing-start" label="Start" error={errors.startedAt}>
            <Input
              id="outing-start"
              type="datetime-local"
              value={draft.start}
              onChange={(event) => change({ start: event.target.value })}
            />
          </Field>
          <Field
            id="outing-protocol"
            label="Protocol"
            error={errors.protocol}
            hint={protocolHints[draft.protocol]}
          >
            <NativeSelect
              id="outing-protocol"
              value={draft.protocol}
              onChange={(event) => change({ protocol: event.target.value as OutingProtocol })}
            >
              {outingProtocols.map((protocol) => (
                <NativeSelectOption key={protocol} value={protocol}>
                  {protocolLabels[protocol]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid grid-cols-3 gap-3">
            <Field id="outing-duration" label="Minutes" error={errors.durationMinutes}>
              <Input
                id="outing-duration"
                inputMode="numeric"
                value={draft.duration}
                onChange={(event) => change({ duration: event.target.value })}
              />
            </Field>
            <Field id="outing-distance" label="Distance (km)" error={errors.distanceKm}>
              <Input
                id="outing-distance"
                inputMode="decimal"
                value={draft.distance}
                onChange={(event) => change({ distance: event.target.value })}
              />
            </Field>
            <Field id="outing-party" label="Observers" error={errors.partySize}>
              <Input
                id="outing-party"
                inputMode="numeric"
                value={draft.party}
                onChange={(event) => change({ party: event.target.value })}
              />
            </Field>
          </div>
          <Label className="flex items-start gap-3 font-normal">
            <Checkbox
              checked={draft.complete}
              onCheckedChange={(checked) => change({ complete: checked === true })}
              className="mt-0.5"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">I reported every species I could identify</span>
              <span className="text-sm text-muted-foreground">
                Then a species missing from the list was not seen, which makes the list useful to
                science.
              </span>
            </span>
          </Label>
          <Field id="outing-place" label="Place" error={errors.placeName}>
            <Input
              id="outing-place"
              value={draft.placeName}
              onChange={(event) => change({ placeName: event.target.value })}
            />
          </Field>
          <LocationPrivacyFields
            level={draft.privacy}
            onLevelChange={(privacy) => change({ privacy })}
            embargoUntil={draft.embargoUntil}
            onEmbargoChange={(embargoUntil) => change({ embargoUntil })}
            embargoError={errors.locationEmbargoUntil}
            shown={outing}
          />
          <Field id="outing-notes" label="Notes" error={errors.notes}>
            <Textarea
              id="outing-notes"
              rows={3}
              value={draft.notes}
              onChange={(event) => change({ notes: event.target.value })}
            />
          </Field>
          <DialogFooter sticky>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={update.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner aria-hidden="true" />}
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
