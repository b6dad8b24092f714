import { useQueryClient } from '@tanstack/react-query';
import { Footprints, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { appRoutes, outingPath } from '../../../../common/routes';
import { PageMain } from '@/components/page-main';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { QUEUED, toastWriteDone } from '@/features/offline';
import { browserTimeZone } from '@/lib/log-dates';
import { ConfirmDialog } from './confirm-dialog';
import { EndOutingDialog } from './end-outing-dialog';
import { PositionNote } from './position-note';
import { SpeciesAdder } from './species-adder';
import { TallyRow } from './tally-row';
import { StartOutingButton } from './start-outing-button';
import {
  addFix,
  addRecording,
  addSpecies,
  changeCount,
  entryOf,
  individuals,
  removeEntry,
  setNote,
  type Fix,
  type Tally,
  type TallyEntry,
  type TallyRecording,
  type TallySpecies,
} from './tally';
import { TallyRecorder } from './tally-recorder';
import type { OutingEnd } from './tally-writes';
import { useNow } from './use-now';
import { usePosition, type PositionState } from './use-position';
import { discardTally, endTally, useChangeTally, useTally } from './use-tally';

// The tally screen (issue 22, route /outings/tally): phone first and one-handed. The species
// field on top, the species below with − and + for the thumb, the effort so far above, and
// "End outing" in a bar at the bottom of the screen.

/** How long a species just added or counted stays highlighted. */
const HIGHLIGHT_MS = 1500;

export function TallyPage() {
  const { data: tally, isPending } = useTally();
  if (isPending) return <PageSpinner />;
  if (!tally) return <NoTally />;
  return <TallyScreen tally={tally} />;
}

function NoTally() {
  return (
    <PageMain className="mx-auto grid max-w-2xl px-4 py-8">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Footprints className="size-12 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">No outing in progress</h1>
          <p className="max-w-md text-muted-foreground">
            Start one to tally the species you see as you go: each becomes a log of the outing.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link href={appRoutes.home}>Back to Logs</Link>
            </Button>
            <StartOutingButton />
          </div>
        </CardContent>
      </Card>
    </PageMain>
  );
}

/** '1:05:09' or '5:09': hours, minutes and seconds since the start. */
function elapsed(startedAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(startedAt)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const startedText = (startedAt: string) =>
  `Started ${new Intl.DateTimeFormat(undefined, {
    timeStyle: 'short',
    timeZone: browserTimeZone(),
  }).format(new Date(startedAt))}`;

function TallyScreen({ tally }: { tally: Tally }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const change = useChangeTally();
  const latestFix = useRef<Fix | null>(null); // any fix, counted or not: where a recording is made
  const onFix = useCallback(
    (fix: Fix) => {
      latestFix.current = fix;
      change((current) => addFix(current, fix));
    },
    [change],
  );
  const position = usePosition(onFix);
  const now = useNow();

  const [highlighted, setHighlighted] = useState<string>();
  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(undefined), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const [removing, setRemoving] = useState<TallyEntry>();
  const [discarding, setDiscarding] = useState(false);
  const [ending, setEnding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [recording, setRecording] = useState(false);

  const add = (species: TallySpecies) => {
    const key = entryOf(tally, species)?.key ?? crypto.randomUUID();
    change((current) => addSpecies(current, species, key));
    setHighlighted(key);
  };
  const attach = (species: TallySpecies, recording: TallyRecording) => {
    const key = entryOf(tally, species)?.key ?? crypto.randomUUID();
    change((current) => addRecording(current, species, recording, key));
    setHighlighted(key);
  };
  const count = (entry: TallyEntry, delta: 1 | -1) => {
    if (delta === -1 && entry.count === 1) {
      setRemoving(entry); // below 1 is no sighting: asked
      return;
    }
    change((current) => changeCount(current, entry.key, delta));
  };

  const save = async (end: OutingEnd) => {
    setSaving(true);
    try {
      const result = await endTally(queryClient, tally, end);
      if (typeof result === 'object') {
        toast.success('Outing saved', {
          description: `${speciesText(tally.entries.length)}, ${individualsText(individuals(tally))}`,
        });
        navigate(outingPath(result.outingId));
      } else {
        if (result === QUEUED) toastWriteDone(QUEUED, '');
        navigate(appRoutes.home); // the list shows it pending (or refused, with the reason)
      }
    } catch (error) {
      console.error(error);
      toast.error('Not saved', {
        description: 'The outing could not be kept on this device. Try again.',
      });
      setSaving(false);
    }
  };

  return (
    <>
      <PageMain className="mx-auto grid max-w-2xl grid-cols-1 gap-4 px-4 pt-4 pb-28">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">Outing</h1>
            <p className="text-sm text-muted-foreground">{startedText(tally.startedAt)}</p>
          </div>
          <Button
            variant="ghost"
            className="h-11 text-muted-foreground"
            onClick={() => setDiscarding(true)}
          >
            <Trash2 />
            Discard
          </Button>
        </div>

        <section
          aria-label="Effort so far"
          className="grid grid-cols-3 divide-x rounded-xl border bg-card py-3 text-center shadow-xs"
        >
          <Figure label="Time" value={elapsed(tally.startedAt, now)} testId="tally-timer" />
          <Figure label="Distance" value={distanceText(tally, position)} testId="tally-distance" />
          <Figure
            label={individualsText(individuals(tally))}
            value={String(tally.entries.length)}
            unit="species"
          />
        </section>
        <PositionNote state={position} />

        <TallyRecorder
          tally={tally}
          currentFix={() => latestFix.current}
          onAttach={attach}
          onBusyChange={setRecording}
        />

        <SpeciesAdder tallied={tally.entries} onAdd={add} point={tally.lastFix ?? tally.start} />

        {tally.entries.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            Nothing tallied yet. Type a species above and tap it to count it.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Species tallied">
            {tally.entries.map((entry) => (
              <TallyRow
                key={entry.key}
                entry={entry}
                highlighted={entry.key === highlighted}
                onCount={(delta) => count(entry, delta)}
                onNote={(note) => change((current) => setNote(current, entry.key, note))}
              />
            ))}
          </ul>
        )}
      </PageMain>

      {/* above the phone's tab bar; the safe area is below that bar when it shows (index.css) */}
      <div className="fixed inset-x-0 bottom-(--tab-bar-h) z-10 border-t bg-background/95 pt-3 pb-[max(0.75rem,calc(env(safe-area-inset-bottom)-var(--tab-bar-h)))] backdrop-blur">
        <div className="mx-auto max-w-2xl px-4">
          {/* a recording under way would be lost with the page: Stop comes first */}
          <Button
            className="h-14 w-full text-lg"
            disabled={recording}
            onClick={() => setEnding(true)}
          >
            End outing
          </Button>
        </div>
      </div>

      <EndOutingDialog
        tally={tally}
        open={ending}
        onOpenChange={setEnding}
        saving={saving}
        onSave={(end) => void save(end)}
      />
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={`Remove ${removing?.speciesCommon ?? ''}?`}
        description="It comes off this outing's tally, with its note."
        cancel="Keep"
        confirm="Remove"
        onConfirm={() => {
          if (removing) change((current) => removeEntry(current, removing.key));
          setRemoving(undefined);
        }}
      />
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard this outing?"
        description={`${speciesText(tally.entries.length)} tallied will be removed from this device. This cannot be undone.`}
        cancel="Keep tallying"
        confirm="Discard"
        onConfirm={() => {
          void discardTally(queryClient).then(() => navigate(appRoutes.home));
        }}
      />
    </>
  );
}

const speciesText = (n: number) => `${n} species`;
const individualsText = (n: number) => (n === 1 ? '1 individual' : `${n} individuals`);

function distanceText(tally: Tally, position: PositionState): string {
  if (tally.lastFix) return `${tally.distanceKm.toFixed(2)} km`;
  return position === 'waiting' ? '…' : '—';
}

function Figure({
  label,
  value,
  unit,
  testId,
}: {
  label: string;
  value: string;
  unit?: string;
  testId?: string;
}) {
  return (
    <div className="grid min-w-0 content-start px-2">
      <span className="truncate text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
        {unit && <span className="ml-1 text-sm font-medium sm:text-base">{unit}</span>}
      </span>
      <span className="truncate text-xs text-muted-foreground">{label}</span>
    </div>
  );
}
