import { ToggleGroup } from 'radix-ui';
import { topSpeciesRankings, type TopSpeciesRanking } from '../../../common/stats';
import { tabsListVariants } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { rankingTexts } from './stats-format';

/** Individuals or Logs: what ranks and measures the top species (issue 23). */
export function RankingToggle({
  value,
  onChange,
}: {
  value: TopSpeciesRanking;
  onChange: (ranking: TopSpeciesRanking) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // a click on the chosen one would clear it: one of the two is always chosen
      onValueChange={(next) => next && onChange(next as TopSpeciesRanking)}
      aria-label="Rank species by"
      className={cn(tabsListVariants(), 'h-9 pointer-coarse:h-auto')}
    >
      {topSpeciesRankings.map((ranking) => (
        <ToggleGroup.Item
          key={ranking}
          value={ranking}
          className={cn(
            'inline-flex h-full items-center pointer-coarse:min-h-11 justify-center rounded-md border border-transparent px-3 text-sm font-medium whitespace-nowrap text-foreground/60 transition-all outline-none hover:text-foreground dark:text-muted-foreground dark:hover:text-foreground',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring',
            'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:border-input dark:data-[state=on]:bg-input/30 dark:data-[state=on]:text-foreground',
          )}
        >
          {rankingTexts[ranking].toggle}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
