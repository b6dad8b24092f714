// What the recording player computes (issue 37): its clock, where a click or a key moves it, and
// which of a page's players may sound.

/** The step of ← and → on the spectrogram, in seconds. */
export const SEEK_STEP_SECONDS = 5;

/**
 * Seconds as a player's clock shows them, m:ss (h:mm:ss past an hour), cut to the second:
 * 75.9 → '1:15', 3725 → '1:02:05'. The recorder, the player and the detections' clips share it.
 */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0
    ? `${hours}:${pad(minutes)}:${pad(whole % 60)}`
    : `${minutes}:${pad(whole % 60)}`;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The time under a pointer at `clientX` over a spectrogram drawn in `box`. */
export function timeAtPointer(
  clientX: number,
  box: { left: number; width: number },
  durationSeconds: number,
): number {
  if (box.width <= 0) return 0;
  return clamp((clientX - box.left) / box.width, 0, 1) * durationSeconds;
}

const stepOfKey = new Map([
  ['ArrowLeft', -1],
  ['ArrowDown', -1],
  ['ArrowRight', 1],
  ['ArrowUp', 1],
]);

/**
 * Where a key on the spectrogram (a slider) moves the playback: ← ↓ back and → ↑ on by
 * SEEK_STEP_SECONDS, Home to the start, End to the end; undefined for any other key.
 */
export function timeAfterKey(
  key: string,
  currentSeconds: number,
  durationSeconds: number,
): number | undefined {
  const step = stepOfKey.get(key);
  if (step !== undefined) {
    return clamp(currentSeconds + step * SEEK_STEP_SECONDS, 0, durationSeconds);
  }
  if (key === 'Home') return 0;
  if (key === 'End') return durationSeconds;
  return undefined;
}

/** The playhead's place over the spectrogram, as a share of its width. */
export const playheadFraction = (currentSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 ? clamp(currentSeconds / durationSeconds, 0, 1) : 0;

/** What a player hands `soundAlone`: its audio element, or anything that pauses. */
interface Pausable {
  pause(): void;
}

let sounding: Pausable | undefined;

/** One player sounds at a time on a page: the one that starts pauses the one before. */
export function soundAlone(player: Pausable) {
  if (sounding && sounding !== player) sounding.pause();
  sounding = player;
}

/** The player stopped (paused, ended, or left the page): none sounds now. */
export function fallSilent(player: Pausable) {
  if (sounding === player) sounding = undefined;
}
