import { Download, Pause, Play } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { LogRecording } from '../../../common/logs/schemas';
import { spectrogramRange } from '../../../common/recordings';
import { Button } from '@/components/ui/button';
import { formatClock, timeAfterKey, timeAtPointer } from './playback';
import { usePlayback } from './use-playback';

const PLAY_FAILED_MESSAGE = 'This recording could not be played.';

/** How far a finger goes sideways on the spectrogram before it drags the playhead. */
const DRAG_THRESHOLD_PX = 8;

/**
 * One sound recording (issue 37): its spectrogram with a playhead that follows the sound, Play and
 * Pause, the time heard of the whole, and the original to download. The spectrogram is the
 * slider: a click, a drag or a key moves the sound there. `label` names what was recorded where
 * several players share a page (an outing's).
 */
export function RecordingPlayer({ recording, label }: { recording: LogRecording; label?: string }) {
  const { durationSeconds: duration } = recording;
  const audioRef = useRef<HTMLAudioElement>(null);
  const playheadRef = useRef<HTMLDivElement>(null);
  const player = usePlayback(duration, audioRef, playheadRef);
  const labelId = useId();
  const drag = useRef<{ startX: number; moved: boolean }>(undefined);
  const range = spectrogramRange(recording.maxHz);

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) =>
    player.seek(
      timeAtPointer(event.clientX, event.currentTarget.getBoundingClientRect(), duration),
    );
  // A mouse seeks as it presses and drags; a finger seeks where it lifts, or once it moves
  // sideways: one landing on the spectrogram to scroll the page moves nothing.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const mouse = event.pointerType === 'mouse';
    drag.current = { startX: event.clientX, moved: mouse };
    if (!mouse) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    seekToPointer(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const held = drag.current;
    if (!held || (!held.moved && Math.abs(event.clientX - held.startX) < DRAG_THRESHOLD_PX)) return;
    held.moved = true;
    seekToPointer(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current && !drag.current.moved) seekToPointer(event); // a tap
    drag.current = undefined;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = timeAfterKey(event.key, player.currentTime(), duration);
    if (to === undefined) return;
    event.preventDefault(); // the arrows would scroll the page
    player.seek(to);
  };

  return (
    <div className="grid grid-cols-1 gap-2" data-testid="recording-player">
      {label && (
        <p id={labelId} className="font-medium break-words">
          {label}
        </p>
      )}
      {/* full width at the spectrogram's own aspect, between 4 and 16 rem high: a 20-second
          strip stays readable on a phone, a 3-second square does not fill a desktop screen.
          Inline styles here and below: classes of the player's own would grow the stylesheet
          every page loads, the logs list's included (bench/web-bundle.mjs). */}
      <div
        className="relative max-h-64 min-h-16 w-full overflow-hidden rounded-md border"
        style={{ aspectRatio: `${recording.width} / ${recording.height}` }}
      >
        <img
          src={recording.spectrogramUrl}
          alt={`Spectrogram of the ${label ? `${label} ` : ''}recording, ${range}`}
          width={recording.width}
          height={recording.height}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full"
        />
        <div
          role="slider"
          tabIndex={0}
          aria-label="Position in the recording"
          aria-describedby={label ? labelId : undefined}
          aria-valuemin={0}
          aria-valuemax={Math.floor(duration)}
          aria-valuenow={player.elapsed}
          aria-valuetext={`${formatClock(player.elapsed)} of ${formatClock(duration)}`}
          className="absolute inset-0 cursor-pointer rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
          style={{ touchAction: 'pan-y' }} // a finger's sideways drag seeks, the page still scrolls
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (drag.current = undefined)} // the page scrolls instead
          onKeyDown={onKeyDown}
        >
          <div
            ref={playheadRef}
            data-testid="playhead"
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 bg-primary"
            style={{ width: 2, marginLeft: -1, boxShadow: '0 0 0 1px rgb(255 255 255 / 0.8)' }}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={player.playing ? 'Pause recording' : 'Play recording'}
          aria-describedby={label ? labelId : undefined}
          onClick={player.toggle}
        >
          {player.playing ? <Pause /> : <Play />}
        </Button>
        <span className="text-sm tabular-nums" data-testid="recording-clock">
          {formatClock(player.elapsed)} / {formatClock(duration)}
        </span>
        <span className="text-xs text-muted-foreground">{range}</span>
        <a
          href={recording.url}
          download
          className="ml-auto inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <Download className="size-4 shrink-0" aria-hidden="true" />
          Download original
        </a>
      </div>
      {player.failed && (
        <p role="alert" className="text-sm text-destructive">
          {PLAY_FAILED_MESSAGE}
        </p>
      )}
      <audio
        ref={audioRef}
        preload="metadata"
        src={recording.listeningUrl ?? recording.url}
        {...player.audioEvents}
      />
    </div>
  );
}
