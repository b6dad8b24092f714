import type { LogRecording } from '../../../common/logs/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RecordingPlayer } from '@/features/recordings';

/**
 * Issue 37: what was heard on the outing, each recording under the species of its log, in the
 * order they were logged; nothing when no log has one. The shared page's are the public logs'.
 */
export function OutingRecordingsCard({
  logs,
}: {
  logs: Array<{ id: string; speciesCommon: string; recordings: LogRecording[] }>;
}) {
  const heard = logs.flatMap((log) =>
    log.recordings.map((recording) => ({ recording, species: log.speciesCommon })),
  );
  if (heard.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Recordings</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1">
        <ul className="grid grid-cols-1 gap-6" aria-label="Recordings of this outing">
          {heard.map(({ recording, species }) => (
            <li key={recording.url} data-testid="outing-recording">
              <RecordingPlayer recording={recording} label={species} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
