import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import {
  Command,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { filterOptions, newValueOption, nextValue } from './combobox-options';

const PLACEHOLDER = 'Type to search or add new...'; // SPEC §2

type ComboboxProps = {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
} & Omit<ComponentProps<typeof Button>, 'value' | 'onChange'>;

/**
 * A free-text picker: known options filtered as you type, plus 'Use "{typed text}"' for a new
 * value, which then joins the options. Extra props (id, aria-*) go to the trigger button.
 */
export function Combobox({ value, onChange, options, className, ...triggerProps }: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<string[]>([]);
  const all = [...new Set([...options, ...added, ...(value ? [value] : [])])];
  const shown = filterOptions(all, search);
  const typed = newValueOption(all, search);

  const choose = (chosen: string) => {
    onChange(nextValue(value, chosen));
    setSearch('');
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
    >
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          className={cn('w-full min-w-0 justify-between font-normal', className)}
          {...triggerProps}
        >
          <span className={cn('truncate', !value && 'text-muted-foreground')}>
            {value || PLACEHOLDER}
          </span>
          <ChevronsUpDown className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
        <Command shouldFilter={false}>
          <CommandInput placeholder={PLACEHOLDER} value={search} onValueChange={setSearch} />
          <CommandList>
            {typed && (
              <CommandGroup>
                <CommandItem
                  value={`new:${typed}`}
                  onSelect={() => {
                    setAdded((current) => [...current, typed]);
                    choose(typed);
                  }}
                >
                  <Plus />
                  Use &quot;{typed}&quot;
                </CommandItem>
              </CommandGroup>
            )}
            {shown.length > 0 && (
              <CommandGroup>
                {shown.map((option) => (
                  <CommandItem key={option} value={option} onSelect={() => choose(option)}>
                    <Check className={cn(option === value ? 'opacity-100' : 'opacity-0')} />
                    {option}
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
