import type { LogRecording } from '../../../common/logs/schemas';
import { RecordingPlayer } from './recording-player';

/** A log's sound recordings, a player each, under the card's "Recordings" heading (issue 37). */
export function RecordingList({ recordings }: { recordings: LogRecording[] }) {
  if (recordings.length === 0) return null;
  return (
    <section className="grid grid-cols-1 gap-2">
      <h3 className="font-semibold">Recordings</h3>
      <ul className="grid grid-cols-1 gap-5">
        {recordings.map((recording) => (
          <li key={recording.url}>
            <RecordingPlayer recording={recording} />
          </li>
        ))}
      </ul>
    </section>
  );
}
