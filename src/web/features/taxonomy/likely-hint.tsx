import { seenHereText } from '../../../common/likely-pack';

/** Under a species the region's records say is likely at the place and season (issue 36). */
export function LikelyHint({ date }: { date: string }) {
  return (
    <span className="truncate text-xs text-muted-foreground" data-testid="likely-hint">
      {seenHereText(date)}
    </span>
  );
}
