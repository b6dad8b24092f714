import { LogDetailsCard } from '@/features/logs';
import { SharedLogPage } from '@/features/sharing';

/** The public shared page with the logs feature's read-only card: sharing does not import logs. */
export function SharedLogRoute({ id }: { id: string }) {
  return <SharedLogPage id={id} renderLog={(log) => <LogDetailsCard log={log} />} />;
}
