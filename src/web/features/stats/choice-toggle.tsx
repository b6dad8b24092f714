import { ToggleGroup } from 'radix-ui';
import { tabsListVariants } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

/** One of a few views of a chart (issues 23, 34), always one chosen: a segmented control. */
export function ChoiceToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What the choice is about, for screen readers. */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // a click on the chosen one would clear it: one is always chosen
      onValueChange={(next) => next && onChange(next as T)}
      aria-label={label}
      className={cn(tabsListVariants(), 'h-9 pointer-coarse:h-auto')}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'inline-flex h-full items-center pointer-coarse:min-h-11 justify-center rounded-md border border-transparent px-3 text-sm font-medium whitespace-nowrap text-foreground/60 transition-all outline-none hover:text-foreground dark:text-muted-foreground dark:hover:text-foreground',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring',
            'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:border-input dark:data-[state=on]:bg-input/30 dark:data-[state=on]:text-foreground',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
