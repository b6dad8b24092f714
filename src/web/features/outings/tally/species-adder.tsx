import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command as CommandPrimitive } from 'cmdk';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Command, CommandGroup, CommandItem, CommandList } from '@/components/ui/command';
import {
  firstOption,
  labelOf,
  speciesOptions,
  taxonName,
  useSpecies,
  type SpeciesOption,
} from '@/features/logs';
import { localDateAt } from '../../../../common/place-time';
import { LikelyHint, preloadTaxa, searchTaxa } from '@/features/taxonomy';
import { browserTimeZone } from '@/lib/log-dates';
import { queryKeys } from '@/lib/query-keys';
import { GroupLabel } from '@/features/taxonomy';
import type { TallyEntry, TallySpecies } from './tally';

// The tally's species field (issue 22): the log form's picker, open in the page. Typing lists the
// user's own names and the backbone's species (offline from the species pack); a tap or Enter
// adds one and empties the field for the next. Species already tallied come first: a tap on one
// counts it once more.

const PLACEHOLDER = 'Add a species...';
/** Taxa are searched from this many characters on, as in the log form. */
const MIN_TAXON_SEARCH = 2;

const speciesOf = (option: SpeciesOption): TallySpecies =>
  option.kind === 'taxon'
    ? {
        speciesCommon: taxonName(option.taxon),
        speciesScientific: option.taxon.scientificName,
        taxonId: option.taxon.id,
      }
    : {
        speciesCommon: option.name,
        speciesScientific: option.kind === 'own' ? option.scientific : null,
        taxonId: null,
      };

interface SpeciesAdderProps {
  /** The species on the tally, offered first ("On this outing"). */
  tallied: TallyEntry[];
  onAdd: (species: TallySpecies) => void;
  /** Where the birder is (the latest fix, else the outing's start), when the device says. */
  point?: { latitude: number; longitude: number } | null;
  /** The field's name and its placeholder: 'Add a species' on the tally. */
  label?: string;
  placeholder?: string;
}

export function SpeciesAdder({
  tallied,
  onAdd,
  point,
  label = 'Add a species',
  placeholder = PLACEHOLDER,
}: SpeciesAdderProps) {
  const [search, setSearch] = useState('');
  // the species pack loads (or revalidates) with the tally: the picker works offline after this
  useEffect(() => void preloadTaxa(), []);
  const deferred = useDeferredValue(search.trim());
  // the tally is kept where the birder is: the browser's zone ranks the species living there first
  const zone = browserTimeZone();
  // and today at its point, the species recorded near it in the season (issue 36); a point to
  // about 1 km keeps the search's cache from changing with each fix
  const date = localDateAt(new Date(), zone ?? 'UTC');
  const place = point
    ? {
        latitude: Math.round(point.latitude * 100) / 100,
        longitude: Math.round(point.longitude * 100) / 100,
        date,
      }
    : null;
  const taxa = useQuery({
    queryKey: queryKeys.taxa(deferred, zone, place),
    queryFn: ({ signal }) => searchTaxa(deferred, { signal, zone, place }),
    enabled: deferred.length >= MIN_TAXON_SEARCH,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const own = useSpecies();
  const typed = search.trim();
  const searched = typed.length >= MIN_TAXON_SEARCH ? (taxa.data ?? []) : [];
  const names = [
    ...tallied.map((entry) => ({
      common: entry.speciesCommon,
      scientific: entry.speciesScientific,
    })),
    ...(own.data ?? []),
  ];
  const options = speciesOptions(typed ? names : [], searched, search, '');
  const onOuting = (option: SpeciesOption) =>
    option.kind === 'own' && tallied.some((entry) => entry.speciesCommon === option.name);
  const first = firstOption(options)?.value ?? '';
  // cmdk keeps a value it was given when the items change: a moved highlight counts for its list
  const [moved, setMoved] = useState<{ first: string; value: string }>();
  const active = moved?.first === first ? moved.value : first;

  const choose = (option: SpeciesOption) => {
    onAdd(speciesOf(option));
    setSearch('');
  };

  return (
    <Command
      shouldFilter={false}
      value={active}
      onValueChange={(value) => setMoved({ first, value })}
      className="overflow-visible rounded-xl border bg-card shadow-xs"
      label={label}
    >
      <div className="flex items-center gap-2 px-3">
        <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <CommandPrimitive.Input
          value={search}
          onValueChange={setSearch}
          placeholder={placeholder}
          aria-label={label}
          autoComplete="off"
          enterKeyHint="done"
          className="h-14 w-full min-w-0 bg-transparent text-lg outline-hidden placeholder:text-muted-foreground"
        />
      </div>
      {/* always there: the field's aria-controls names it */}
      <CommandList className={typed ? 'max-h-[50vh] border-t' : undefined}>
        {typed && (
          <>
            {options.leading && (
              <CommandGroup>
                <OptionItem option={options.leading} onSelect={choose} />
              </CommandGroup>
            )}
            <OptionGroup
              heading="On this outing"
              options={options.own.filter(onOuting)}
              onSelect={choose}
            />
            <OptionGroup
              heading="From your logs"
              options={options.own.filter((option) => !onOuting(option))}
              onSelect={choose}
            />
            <OptionGroup heading="Species" options={options.taxa} onSelect={choose} date={date} />
            {options.typed && (
              <CommandGroup>
                <OptionItem option={options.typed} onSelect={choose} />
              </CommandGroup>
            )}
          </>
        )}
      </CommandList>
    </Command>
  );
}

function OptionGroup({
  heading,
  options,
  onSelect,
  date,
}: {
  heading: string;
  options: SpeciesOption[];
  onSelect: (option: SpeciesOption) => void;
  /** Today: a likely species says "Seen here in <month>". */
  date?: string;
}) {
  if (options.length === 0) return null;
  return (
    <CommandGroup heading={heading}>
      {options.map((option) => (
        <OptionItem key={option.value} option={option} onSelect={onSelect} date={date} />
      ))}
    </CommandGroup>
  );
}

/** A suggestion: a full-width row a thumb can hit (at least 48 px high). */
function OptionItem({
  option,
  onSelect,
  date,
}: {
  option: SpeciesOption;
  onSelect: (option: SpeciesOption) => void;
  date?: string;
}) {
  const row = 'min-h-12 px-3 py-2 text-base';
  if (option.kind === 'new') {
    return (
      <CommandItem value={option.value} onSelect={() => onSelect(option)} className={row}>
        <Plus />
        Use &quot;{option.name}&quot;
      </CommandItem>
    );
  }
  const name = labelOf(option);
  const scientific = option.kind === 'taxon' ? option.taxon.scientificName : option.scientific;
  return (
    <CommandItem value={option.value} onSelect={() => onSelect(option)} className={row}>
      <span className="flex min-w-0 flex-col">
        <span className="truncate">{name}</span>
        {scientific && scientific !== name && (
          <span
            className="truncate text-sm text-muted-foreground italic"
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
