import { AudioLines, Minus, NotebookPen, Plus } from 'lucide-react';
import { LOG_LIMITS } from '../../../../common/logs/schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { TallyEntry } from './tally';

interface TallyRowProps {
  entry: TallyEntry;
  /** The row just added or counted: it flashes, so a tap on a known species shows where it went. */
  highlighted: boolean;
  onCount: (delta: 1 | -1) => void;
  onNote: (note: string) => void;
}

/**
 * One species of the tally: its name, − and + large enough for a thumb in the field (56 px) on
 * the right, where a right thumb rests, and its note behind a button until it has one.
 */
export function TallyRow({ entry, highlighted, onCount, onNote }: TallyRowProps) {
  const [noting, setNoting] = useState(false);
  const name = entry.speciesCommon;
  const showNote = noting || entry.note !== '';

  return (
    <li
      className={cn(
        'grid grid-cols-1 gap-2 rounded-xl border bg-card p-3 shadow-xs transition-shadow duration-700',
        highlighted && 'border-primary ring-2 ring-primary/30',
      )}
      data-testid="tally-entry"
    >
      {/* A name wraps between its words only: a word too wide beside the buttons moves them to a
          line of their own (issue 34). The flex item's minimum is its longest word, as
          break-words, unlike overflow-wrap:anywhere, leaves that alone; a word wider than the
          whole row still breaks rather than overflow. */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex-1">
          <h3 className="text-lg leading-tight font-semibold break-words hyphens-none">{name}</h3>
          {entry.speciesScientific && entry.speciesScientific !== name && (
            <p className="truncate text-sm text-muted-foreground italic contain-inline-size">
              {entry.speciesScientific}
            </p>
          )}
          {entry.recordings?.length ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <AudioLines className="size-4" aria-hidden="true" />
              {entry.recordings.length === 1
                ? '1 recording'
                : `${entry.recordings.length} recordings`}
            </p>
          ) : null}
          {!showNote && (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 h-9 text-muted-foreground"
              onClick={() => setNoting(true)}
              aria-label={`Add a note for ${name}`}
            >
              <NotebookPen />
              Note
            </Button>
          )}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <IconTooltip label={entry.count === 1 ? `Remove ${name}` : `One fewer ${name}`}>
            <Button
              variant="outline"
              className="size-14 rounded-xl [&_svg:not([class*='size-'])]:size-6"
              onClick={() => onCount(-1)}
              aria-label={entry.count === 1 ? `Remove ${name}` : `One fewer ${name}`}
            >
              <Minus />
            </Button>
          </IconTooltip>
          <output
            className="w-14 text-center text-3xl font-bold tabular-nums"
            aria-live="polite"
            aria-label={`${name} count`}
            data-testid="tally-count"
          >
            {entry.count}
          </output>
          <IconTooltip label={`One more ${name}`}>
            <Button
              className="size-14 rounded-xl [&_svg:not([class*='size-'])]:size-6"
              onClick={() => onCount(1)}
              aria-label={`One more ${name}`}
            >
              <Plus />
            </Button>
          </IconTooltip>
        </div>
      </div>
      {showNote && (
        <Input
          value={entry.note}
          onChange={(event) => onNote(event.target.value)}
          onBlur={() => setNoting(false)}
          placeholder="Note (behaviour, age, sex...)"
          aria-label={`Note for ${name}`}
          maxLength={LOG_LIMITS.notes}
          autoFocus={noting && entry.note === ''}
          className="h-11"
        />
      )}
    </li>
  );
}
