import { useCallback, useEffect, useState, type RefObject } from 'react';
import { fallSilent, playheadFraction, soundAlone } from './playback';

/**
 * The state of one player's audio element: whether it plays, the whole seconds heard (what the
 * clock and the slider say), and whether it failed. The playhead moves every frame while it plays
 * (requestAnimationFrame), set on its element directly rather than through a render; reduced
 * motion moves it too, since where the sound is on the spectrogram is information.
 */
export function usePlayback(
  durationSeconds: number,
  audioRef: RefObject<HTMLAudioElement | null>,
  playheadRef: RefObject<HTMLElement | null>,
) {
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [failed, setFailed] = useState(false);

  /** The playhead and the clock where the audio is now. */
  const show = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const fraction = playheadFraction(audio.currentTime, durationSeconds);
    if (playheadRef.current) playheadRef.current.style.left = `${fraction * 100}%`;
    setElapsed(Math.floor(Math.min(audio.currentTime, durationSeconds))); // same second: no render
  }, [durationSeconds, audioRef, playheadRef]);

  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function follow() {
      show();
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, show]);

  // a player leaving the page (another log opened) takes its sound with it
  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (!audio) return;
      audio.pause();
      fallSilent(audio);
    };
  }, [audioRef]);

  const play = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (failed) {
      setFailed(false); // try again: the connection may be back
      audio.load();
    }
    audio.play().catch((error: unknown) => {
      // AbortError: a pause or a new source came first; NotAllowedError: the browser refused
      // without a gesture, and Play is one; anything else is the sound itself
      if (!(error instanceof DOMException) || error.name === 'NotSupportedError') setFailed(true);
    });
  };

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : durationSeconds;
    audio.currentTime = Math.min(seconds, end);
    show();
  };

  /** What the `<audio>` element tells. */
  const audioEvents = {
    onPlay: () => {
      soundAlone(audioRef.current!);
      setPlaying(true);
    },
    onPause: () => {
      fallSilent(audioRef.current!);
      setPlaying(false);
      show();
    },
    onTimeUpdate: show,
    onSeeked: show,
    onLoadedMetadata: show,
    onError: () => setFailed(true),
  };

  return {
    playing,
    elapsed,
    failed,
    audioEvents,
    toggle: () => (playing ? audioRef.current?.pause() : play()),
    seek,
    /** Where the audio is, to the fraction of a second (a key's step starts from it). */
    currentTime: () => audioRef.current?.currentTime ?? 0,
  };
}
