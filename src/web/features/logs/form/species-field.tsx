import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { isIsoDate } from '../../../../common/dates';
import type { LogWriteInput, SpeciesEntry } from '../../../../common/logs/schemas';
import type { Taxon } from '../../../../common/taxonomy';
import { Button } from '@/components/ui/button';
import {
  Command,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { LikelyHint, preloadTaxa, searchTaxa, type LikelyPlace } from '@/features/taxonomy';
import { cn } from '@/lib/cn';
import { browserTimeZone } from '@/lib/log-dates';
import { queryKeys } from '@/lib/query-keys';
import { GroupLabel } from '@/features/taxonomy';
import {
  firstOption,
  labelOf,
  speciesOptions,
  taxonName,
  type SpeciesOption,
} from './species-options';

const PLACEHOLDER = 'Type to search or add new...'; // SPEC §2
/** Taxa are searched from this many characters on: one letter names thousands. */
const MIN_TAXON_SEARCH = 2;

interface SpeciesFieldProps {
  form: UseFormReturn<LogWriteInput>;
  /** The user's own names (GET /api/species). */
  own: SpeciesEntry[];
  /** The taxon the log is linked to, while its names are the ones chosen with it. */
  taxon: Taxon | null;
  onTaxonChange: (taxon: Taxon | null) => void;
}

/**
 * Common Name (issue 20): the user's names ("From your logs") and the backbone's species for the
 * typed text, each with its scientific name. Choosing a species fills both names and links the
 * log to it; the names stay editable.
 */
export function SpeciesField({ form, own, taxon, onTaxonChange }: SpeciesFieldProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  // the species pack loads (or revalidates) with the form: the picker works offline after this
  useEffect(() => void preloadTaxa(), []);
  const [added, setAdded] = useState<string[]>([]);
  const deferred = useDeferredValue(search.trim());
  // the log's place ranks the species living there first
  const zone = useWatch({ control: form.control, name: 'timeZone' }) ?? browserTimeZone();
  // and its point and date, the species recorded near it in the season (issue 36)
  const place = placeOf(
    useWatch({ control: form.control, name: 'latitude' }),
    useWatch({ control: form.control, name: 'longitude' }),
    useWatch({ control: form.control, name: 'observedAt' }),
  );
  const taxa = useQuery({
    queryKey: queryKeys.taxa(deferred, zone, place),
    queryFn: ({ signal }) => searchTaxa(deferred, { signal, zone, place }),
    enabled: open && deferred.length >= MIN_TAXON_SEARCH,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const value = form.watch('speciesCommon');
  const ownNames = [...own, ...added.map((common) => ({ common, scientific: null }))];
  const searched = search.trim().length >= MIN_TAXON_SEARCH ? (taxa.data ?? []) : [];
  const options = speciesOptions(ownNames, searched, search, value);
  // The highlighted option follows the list: Enter takes the first one. cmdk keeps a value it
  // was given even when the items change, so a value the user moved to counts for its list only.
  const first = firstOption(options)?.value ?? '';
  const [moved, setMoved] = useState<{ first: string; value: string }>();
  const active = moved?.first === first ? moved.value : first;

  const close = () => {
    setSearch('');
    setOpen(false);
  };
  const set = (name: 'speciesCommon' | 'speciesScientific', next: string) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: true });

  const choose = (option: SpeciesOption) => {
    if (option.kind === 'taxon') {
      set('speciesCommon', taxonName(option.taxon));
      set('speciesScientific', option.taxon.scientificName);
      onTaxonChange(option.taxon);
    } else if (option.kind === 'new') {
      setAdded((current) => [...current, option.name]);
      set('speciesCommon', option.name);
      onTaxonChange(null); // the server links it by its names, the scientific one first
    } else if (option.name === value) {
      set('speciesCommon', ''); // choosing the selected option clears it (SPEC §2)
      onTaxonChange(null);
    } else {
      set('speciesCommon', option.name);
      // SPEC §4 auto-fill: a known scientific name fills an empty field
      if (option.scientific && !form.getValues('speciesScientific')) {
        set('speciesScientific', option.scientific);
      }
      onTaxonChange(null); // the server links it by its names
    }
    close();
  };

  return (
    <FormField
      control={form.control}
      name="speciesCommon"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Common Name</FormLabel>
          <Popover
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) setSearch('');
            }}
          >
            <PopoverTrigger asChild>
              <FormControl>
                <Button
                  type="button"
                  variant="outline"
                  role="combobox"
                  aria-expanded={open}
                  onBlur={field.onBlur}
                  className="w-full min-w-0 justify-between font-normal"
                >
                  <span className={cn('truncate', !value && 'text-muted-foreground')}>
                    {value || PLACEHOLDER}
                  </span>
                  <ChevronsUpDown className="opacity-50" aria-hidden="true" />
                </Button>
              </FormControl>
            </PopoverTrigger>
            <PopoverContent
              className="w-(--radix-popover-trigger-width) min-w-72 p-0"
              align="start"
            >
              <Command
                shouldFilter={false}
                value={active}
                onValueChange={(value) => setMoved({ first, value })}
              >
                <CommandInput placeholder={PLACEHOLDER} value={search} onValueChange={setSearch} />
                <CommandList>
                  {options.leading && (
                    <CommandGroup>
                      <OptionItem option={options.leading} selected={value} onSelect={choose} />
                    </CommandGroup>
                  )}
                  <OptionGroup
                    heading="From your logs"
                    options={options.own}
                    selected={value}
                    onSelect={choose}
                  />
                  <OptionGroup
                    heading="Species"
                    options={options.taxa}
                    selected={value}
                    onSelect={choose}
                    date={place?.date}
                  />
                  {options.typed && (
                    <CommandGroup>
                      <OptionItem option={options.typed} selected={value} onSelect={choose} />
                    </CommandGroup>
                  )}
                </CommandList>
              </Command>
            </PopoverContent>
          </Popover>
          {taxon && (
            <p className="text-xs text-muted-foreground" data-testid="chosen-taxon">
              Species: <i>{taxon.scientificName}</i>
              {taxon.commonName && ` (${taxon.commonName})`}
            </p>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The form's point and local date, when both coordinates are numbers and the date is valid. */
function placeOf(latitude: unknown, longitude: unknown, observedAt: unknown): LikelyPlace | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const date = typeof observedAt === 'string' ? observedAt.slice(0, 10) : '';
  return isIsoDate(date) ? { latitude, longitude, date } : null;
}

function OptionGroup({
  heading,
  options,
  selected,
  onSelect,
  date,
}: {
  heading: string;
  options: SpeciesOption[];
  selected: string;
  onSelect: (option: SpeciesOption) => void;
  /** The record's date: a likely species says "Seen here in <month>". */
  date?: string;
}) {
  if (options.length === 0) return null;
  return (
    <CommandGroup heading={heading}>
      {options.map((option) => (
        <OptionItem
          key={option.value}
          option={option}
          selected={selected}
          onSelect={onSelect}
          date={date}
        />
      ))}
    </CommandGroup>
  );
}

function OptionItem({
  option,
  selected,
  onSelect,
  date,
}: {
  option: SpeciesOption;
  selected: string;
  onSelect: (option: SpeciesOption) => void;
  date?: string;
}) {
  if (option.kind === 'new') {
    return (
      <CommandItem value={option.value} onSelect={() => onSelect(option)}>
        <Plus />
        Use &quot;{option.name}&quot;
      </CommandItem>
    );
  }
  const name = labelOf(option);
  const scientific = option.kind === 'taxon' ? option.taxon.scientificName : option.scientific;
  return (
    <CommandItem value={option.value} onSelect={() => onSelect(option)}>
      <Check
        className={cn(option.kind === 'own' && name === selected ? 'opacity-100' : 'opacity-0')}
      />
      <span className="flex min-w-0 flex-col">
        <span className="truncate">{name}</span>
        {scientific && scientific !== name && (
          // A name of one's own is read out as itself (SPEC §2); a species with its scientific
          // name, which tells apart species sharing an English name.
          <span
            className="truncate text-xs text-muted-foreground italic"
            aria-hidden={option.kind === 'own' ? true : undefined}
          >
            {scientific}
          </span>
        )}
        {option.kind === 'taxon' && option.taxon.likely && date && <LikelyHint date={date} />}
      </span>
      {option.kind === 'taxon' && option.taxon.group && <GroupLabel group={option.taxon.group} />}
    </CommandItem>
  );
}
