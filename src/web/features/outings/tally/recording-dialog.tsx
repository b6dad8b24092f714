import { useCallback, useEffect, useState } from 'react';
import type { RecordingCompleteResponse } from '../../../../common/recordings';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration, recordingUploadMessage, uploadRecording } from '@/features/recordings';
import { SpeciesAdder } from './species-adder';
import type { Fix, Tally, TallyRecording, TallySpecies } from './tally';

/** A recording just made on the tally, not yet sent. */
export interface HeardRecording {
  blob: Blob;
  startedAt: Date;
  /** Where the device was when Record was pressed. */
  at: Fix | null;
}

type Sending =
  | { state: 'sending' }
  | { state: 'sent'; reply: RecordingCompleteResponse }
  | { state: 'failed'; message: string };

interface RecordingDialogProps {
  heard: HeardRecording;
  tally: Tally;
  onAttach: (species: TallySpecies, recording: TallyRecording) => void;
  onClose: () => void;
}

/** Tallied species offered without typing: the latest few. */
const QUICK_PICKS = 6;

const timeOf = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(date);

/**
 * After Stop: the recording is sent at once while the person says which species it is (the
 * tally's own picker, with the species tallied a tap away); it goes on that species when both
 * are done. A refused or failed send says why and may be tried again.
 */
export function RecordingDialog({ heard, tally, onAttach, onClose }: RecordingDialogProps) {
  const [sending, setSending] = useState<Sending>({ state: 'sending' });
  const [species, setSpecies] = useState<TallySpecies>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    uploadRecording(heard.blob, controller.signal).then(
      (reply) => setSending({ state: 'sent', reply }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setSending({ state: 'failed', message: recordingUploadMessage(error) });
        }
      },
    );
    return () => controller.abort();
  }, [heard.blob, attempt]);

  const attach = useCallback(
    (chosen: TallySpecies, reply: RecordingCompleteResponse) => {
      onAttach(chosen, {
        objectPath: reply.objectPath,
        durationSeconds: reply.durationSeconds,
        recordedAt: heard.startedAt.toISOString(),
        at: heard.at,
      });
      onClose();
    },
    [heard, onAttach, onClose],
  );
  useEffect(() => {
    if (species && sending.state === 'sent') attach(species, sending.reply);
  }, [species, sending, attach]);

  const length =
    sending.state === 'sent' ? ` ${formatDuration(sending.reply.durationSeconds)}` : '';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onInteractOutside={(event) => event.preventDefault()} // a stray tap loses no recording
      >
        <DialogHeader>
          <DialogTitle>Which species is this?</DialogTitle>
          <DialogDescription>
            Recording{length}, started {timeOf(heard.startedAt)}. Choose its species: it goes on
            that species&apos; log of this outing.
          </DialogDescription>
        </DialogHeader>
        <SendingStatus
          sending={sending}
          species={species}
          onRetry={() => {
            setSending({ state: 'sending' });
            setAttempt((n) => n + 1);
          }}
        />
        {species ? null : (
          <div className="grid grid-cols-1 gap-3">
            <SpeciesAdder
              tallied={tally.entries}
              onAdd={setSpecies}
              point={heard.at ?? tally.lastFix ?? tally.start}
              label="Which species is this?"
              placeholder="Type its name..."
            />
            {tally.entries.length > 0 && (
              <div className="flex flex-wrap gap-2" role="group" aria-label="On this outing">
                {tally.entries.slice(0, QUICK_PICKS).map((entry) => (
                  <Button
                    key={entry.key}
                    type="button"
                    variant="outline"
                    className="h-11"
                    onClick={() => setSpecies(entry)}
                  >
                    {entry.speciesCommon}
                  </Button>
                ))}
              </div>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="destructiveOutline" className="h-11" onClick={onClose}>
            Discard Recording
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SendingStatus({
  sending,
  species,
  onRetry,
}: {
  sending: Sending;
  species: TallySpecies | undefined;
  onRetry: () => void;
}) {
  if (sending.state === 'failed') {
    return (
      <div className="grid gap-2">
        <p className="text-sm text-destructive" role="alert">
          {sending.message}
        </p>
        <div>
          <Button type="button" variant="outline" className="h-11" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (sending.state === 'sent') return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Spinner aria-hidden="true" />
      {species
        ? `Sending the recording, then adding it to ${species.speciesCommon}…`
        : 'Sending the recording…'}
    </p>
  );
}
