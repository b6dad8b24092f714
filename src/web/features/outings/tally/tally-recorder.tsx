import { useEffect, useRef, useState } from 'react';
import { RecordButton, RecorderNotice, useRecorder } from '@/features/recordings';
import { useOnline } from '@/lib/use-online';
import { RecordingDialog, type HeardRecording } from './recording-dialog';
import type { Fix, Tally, TallyRecording, TallySpecies } from './tally';

// The tally's Record button (issue 37): a bird heard is recorded at once, sent when Record is
// pressed again, then put on its species (asked for) with the time and place it was heard.

interface TallyRecorderProps {
  tally: Tally;
  /** Where the device is now (use-position.ts's latest fix), if it knows. */
  currentFix: () => Fix | null;
  onAttach: (species: TallySpecies, recording: TallyRecording) => void;
  /** Recording, or a recording not yet on its species. */
  onBusyChange: (busy: boolean) => void;
}

export function TallyRecorder({ tally, currentFix, onAttach, onBusyChange }: TallyRecorderProps) {
  const online = useOnline();
  const pressedAt = useRef<Fix | null>(null);
  const [heard, setHeard] = useState<HeardRecording>();
  const recorder = useRecorder(({ blob, startedAt }) =>
    setHeard({ blob, startedAt, at: pressedAt.current }),
  );
  const record = {
    ...recorder,
    start: () => {
      pressedAt.current = currentFix(); // the place is where Record was pressed
      recorder.start();
    },
  };
  const busy = recorder.status !== 'idle' || heard !== undefined;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  return (
    <div className="grid grid-cols-1 gap-2">
      <RecordButton recorder={record} big disabled={!online && !busy} />
      {!online && recorder.status === 'idle' && (
        <p className="text-sm text-muted-foreground" role="status">
          Recordings need a connection to be sent: record when you are back online.
        </p>
      )}
      <RecorderNotice recorder={recorder} />
      {heard && (
        <RecordingDialog
          heard={heard}
          tally={tally}
          onAttach={onAttach}
          onClose={() => setHeard(undefined)}
        />
      )}
    </div>
  );
}
