import { describe, expect, it } from 'vitest';
import type { QueuedWrite } from './offline-queue';
import { pendingEntries } from './pending-entries';

const write = (fields: Partial<QueuedWrite> & Pick<QueuedWrite, 'id'>): QueuedWrite => ({
  userId: 'u1',
  method: 'POST',
  path: '/api/logs',
  species: 'Robin',
  queuedAt: '2026-05-01T06:30:00.000Z',
  ...fields,
});

describe('pending entries', () => {
  it('shows an outing and the logs queued with it as one entry', () => {
    const entries = pendingEntries([
      write({ id: 'log-1', species: 'Barn Owl' }),
      write({ id: 'outing', path: '/api/outings', species: 'Outing at 7:02 AM' }),
      write({ id: 'a', species: 'Wren', outingKey: 'outing' }),
      write({ id: 'b', species: 'Dunnock', outingKey: 'outing' }),
      write({ id: 'c', species: 'Jay', outingKey: 'outing' }),
      write({ id: 'log-2', method: 'DELETE', path: '/api/logs/x', species: 'Kite' }),
    ]);
    expect(entries).toEqual([
      { key: 'log-1', label: 'Barn Owl', kind: 'New log' },
      { key: 'outing', label: 'Outing at 7:02 AM', kind: '3 species' },
      { key: 'log-2', label: 'Kite', kind: 'Deletion' },
    ]);
  });

  it('still shows the logs of an outing whose create was sent', () => {
    expect(pendingEntries([write({ id: 'a', species: 'Wren', outingKey: 'outing' })])).toEqual([
      { key: 'outing', label: 'Outing', kind: '1 species' },
    ]);
  });
});
