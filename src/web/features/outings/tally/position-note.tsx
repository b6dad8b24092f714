import { LocateFixed, LocateOff } from 'lucide-react';
import type { PositionState } from './use-position';

/** Says when the position is being found, or why there is none (issue 22). */
export function PositionNote({ state }: { state: PositionState }) {
  if (state === 'tracking') return null;
  const waiting = state === 'waiting';
  const Icon = waiting ? LocateFixed : LocateOff;
  return (
    <p className="-mt-2 flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {waiting
        ? 'Finding your position…'
        : 'Location is off: the outing is saved without a place or distance.'}
    </p>
  );
}
