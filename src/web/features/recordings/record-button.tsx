import { Circle, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDuration } from './recorder-state';
import type { Recorder } from './use-recorder';

interface RecordButtonProps {
  recorder: Recorder;
  /** The tally's: 56 px high, for a thumb in the field (full width in its column). */
  big?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * Record, with its red dot; while recording, Stop and the time so far. Off where the browser
 * cannot record (RecorderNotice says why).
 */
export function RecordButton({ recorder, big = false, disabled, className }: RecordButtonProps) {
  const { status, elapsedSeconds, unsupported } = recorder;
  const live = status === 'recording' || status === 'stopping';
  return (
    <Button
      type="button"
      variant={live ? 'destructive' : 'outline'}
      className={cn(
        big && "h-14 w-full rounded-xl text-lg [&_svg:not([class*='size-'])]:size-6",
        className,
      )}
      disabled={disabled || unsupported !== null || status === 'starting' || status === 'stopping'}
      aria-busy={status === 'starting' || status === 'stopping'}
      onClick={live ? recorder.stop : recorder.start}
    >
      {status === 'starting' || status === 'stopping' ? (
        <Spinner aria-hidden="true" />
      ) : live ? (
        <Square className="fill-current" aria-hidden="true" />
      ) : (
        <Circle className="fill-current text-destructive" aria-hidden="true" />
      )}
      {live ? (
        <span className="tabular-nums">Stop {formatDuration(elapsedSeconds)}</span>
      ) : (
        'Record'
      )}
    </Button>
  );
}

/** Why the recorder cannot be used, or why the last recording failed or stopped by itself. */
export function RecorderNotice({ recorder }: { recorder: Recorder }) {
  const text = recorder.unsupported ?? recorder.message;
  if (!text) return null;
  return (
    <p className="text-sm text-muted-foreground" role="status">
      {text}
    </p>
  );
}
