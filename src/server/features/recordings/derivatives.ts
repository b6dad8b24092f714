import type { AudioFacts } from './audio.js';
import { listeningCopy } from './listening-copy.js';
import { stripAudioMetadata } from './public-copy.js';
import { spectrogram, type Spectrogram } from './spectrogram.js';

/** What is made of an uploaded recording beside it (recording-worker.ts makes them). */
export interface RecordingDerivatives {
  /** The same sound without embedded metadata: what others get on a public log. */
  public: Uint8Array;
  spectrogram: Spectrogram;
  /** An MP3 to play when the original is too large or lossless to stream; else null. */
  listening: Uint8Array | null;
}

export async function deriveRecording(
  original: Uint8Array,
  facts: AudioFacts,
): Promise<RecordingDerivatives> {
  const picture = await spectrogram(original, { facts });
  const listening = await listeningCopy(original, facts);
  return {
    public: stripAudioMetadata(original, facts.format),
    spectrogram: picture,
    listening: listening?.bytes ?? null,
  };
}
