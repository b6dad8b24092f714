import { isOutingCreate, type QueuedWrite } from './offline-queue';

// The pending list's entries (issue 6): what waits to be sent, as the person made it.

export const kindOf = (write: QueuedWrite) =>
  isOutingCreate(write)
    ? 'New outing'
    : { POST: 'New log', PUT: 'Edit', DELETE: 'Deletion' }[write.method];

export interface PendingEntry {
  key: string;
  label: string;
  kind: string;
}

/**
 * One entry per pending change the person made: an outing's create and the logs queued with it
 * are one outing ("Outing, May 1, 2026, 7:02 AM · 5 species"), not six writes.
 */
export function pendingEntries(queued: QueuedWrite[]): PendingEntry[] {
  const entries: PendingEntry[] = [];
  const outings = new Map<string, { entry: PendingEntry; species: number }>();
  for (const write of queued) {
    const key = write.outingKey ?? (isOutingCreate(write) ? write.id : undefined);
    if (key === undefined) {
      entries.push({ key: write.id, label: write.species, kind: kindOf(write) });
      continue;
    }
    let outing = outings.get(key);
    if (!outing) {
      // its create already sent: only its logs wait
      outing = { entry: { key, label: 'Outing', kind: '' }, species: 0 };
      outings.set(key, outing);
      entries.push(outing.entry);
    }
    if (isOutingCreate(write)) outing.entry.label = write.species;
    else outing.species++;
    outing.entry.kind = `${outing.species} species`;
  }
  return entries;
}
