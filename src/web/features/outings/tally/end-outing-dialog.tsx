import { useState } from 'react';
import { LOG_LIMITS } from '../../../../common/logs/schemas';
import {
  outingProtocols,
  outingWriteSchema,
  type OutingProtocol,
} from '../../../../common/outings/schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
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
import { cn } from '@/lib/cn';
import { minutesSince, type Tally } from './tally';
import { hasDistance, outingPayload, type OutingEnd } from './tally-writes';

// "End outing" (issue 22): the effort as measured, for the person to confirm or correct, then
// saved. eBird's protocols decide what the effort holds: only traveling has a distance.

const PROTOCOL_LABELS: Record<OutingProtocol, { name: string; hint: string }> = {
  traveling: { name: 'Traveling', hint: 'Walked or moved along' },
  stationary: { name: 'Stationary', hint: 'Stayed in one spot' },
  area: { name: 'Area', hint: 'Searched an area' },
  incidental: { name: 'Incidental', hint: 'Not out to count birds' },
};

/** The distance field's start: what was measured, to 0.01 km; empty when nothing was. */
const measured = (tally: Tally) =>
  tally.lastFix ? String(Math.round(tally.distanceKm * 100) / 100) : '';

/** A number field's value: empty is none; anything else as typed, for the schema to judge. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

interface EndOutingDialogProps {
  tally: Tally;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onSave: (end: OutingEnd) => void;
}

export function EndOutingDialog({
  tally,
  open,
  onOpenChange,
  saving,
  onSave,
}: EndOutingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>End outing</DialogTitle>
          <DialogDescription>
            {tally.entries.length === 1 ? '1 species' : `${tally.entries.length} species`} tallied.
            Check the effort, then save: each species becomes a log of this outing.
          </DialogDescription>
        </DialogHeader>
        {/* mounted when opened: the duration is taken then */}
        {open && (
          <EndOutingForm
            tally={tally}
            saving={saving}
            onSave={onSave}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EndOutingForm({
  tally,
  saving,
  onSave,
  onCancel,
}: {
  tally: Tally;
  saving: boolean;
  onSave: (end: OutingEnd) => void;
  onCancel: () => void;
}) {
  const [protocol, setProtocol] = useState<OutingProtocol>('traveling');
  const [duration, setDuration] = useState(() => String(minutesSince(tally.startedAt, new Date())));
  const [distance, setDistance] = useState(() => measured(tally));
  const [partySize, setPartySize] = useState('1');
  const [complete, setComplete] = useState(false);
  const [placeName, setPlaceName] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const end: OutingEnd = {
      protocol,
      durationMinutes: numberOrNull(duration),
      distanceKm: hasDistance(protocol) ? numberOrNull(distance) : null,
      partySize: numberOrNull(partySize),
      complete,
      placeName,
      notes,
    };
    // the server's own rules and messages, before anything is queued
    const checked = outingWriteSchema.safeParse(outingPayload(tally, end));
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setProblem(undefined);
    onSave(end);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Protocol</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Protocol">
          {outingProtocols.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={protocol === value}
              onClick={() => setProtocol(value)}
              className={cn(
                'grid min-h-14 rounded-lg border px-3 py-2 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
                protocol === value ? 'border-primary ring-2 ring-primary/40' : 'hover:bg-accent',
              )}
            >
              <span className="font-medium">{PROTOCOL_LABELS[value].name}</span>
              <span className="text-xs text-muted-foreground">{PROTOCOL_LABELS[value].hint}</span>
            </button>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <NumberField
          id="outing-duration"
          label="Duration (min)"
          value={duration}
          onChange={setDuration}
        />
        {hasDistance(protocol) && (
          <NumberField
            id="outing-distance"
            label="Distance (km)"
            value={distance}
            onChange={setDistance}
            step="0.01"
            placeholder="Not measured"
          />
        )}
        <NumberField
          id="outing-party"
          label="Party size"
          value={partySize}
          onChange={setPartySize}
        />
      </div>

      <div className="flex items-start gap-3 rounded-lg border p-3">
        <Checkbox
          id="outing-complete"
          checked={complete}
          onCheckedChange={(checked) => setComplete(checked === true)}
          className="mt-0.5 size-5"
        />
        <Label htmlFor="outing-complete" className="grid gap-1 leading-snug">
          I reported every species I could identify
          <span className="text-xs font-normal text-muted-foreground">
            A complete list: the species not on it were not found.
          </span>
        </Label>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="outing-place">Place (optional)</Label>
        <Input
          id="outing-place"
          value={placeName}
          onChange={(event) => setPlaceName(event.target.value)}
          maxLength={LOG_LIMITS.placeName}
          className="h-11"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="outing-notes">Notes (optional)</Label>
        <Textarea
          id="outing-notes"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={LOG_LIMITS.notes}
          rows={2}
        />
      </div>

      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}

      <DialogFooter sticky className="gap-2">
        <Button
          type="button"
          variant="outline"
          className="h-11"
          onClick={onCancel}
          disabled={saving}
        >
          Keep tallying
        </Button>
        <Button type="submit" className="h-11" disabled={saving}>
          {saving && <Spinner />}
          Save outing
        </Button>
      </DialogFooter>
    </form>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  step = '1',
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  step?: string;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        min={0}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="h-11 text-base"
      />
    </div>
  );
}
