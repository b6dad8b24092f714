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
import { preloadTaxa, searchTaxa } from '@/features/taxonomy';
import { browserTimeZone } from '@/lib/log-dates';
import { queryKeys } from '@/lib/query-keys';
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
}

export function SpeciesAdder({ tallied, onAdd }: SpeciesAdderProps) {
  const [search, setSearch] = useState('');
  // the species pack loads (or revalidates) with the tally: the picker works offline after this
  useEffect(() => void preloadTaxa(), []);
  const deferred = useDeferredValue(search.trim());
  // the tally is kept where the birder is: the browser's zone ranks the species living there first
  const zone = browserTimeZone();
  const taxa = useQuery({
    queryKey: queryKeys.taxa(deferred, zone),
    queryFn: ({ signal }) => searchTaxa(deferred, { signal, zone }),
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
      label="Add a species"
    >
      <div className="flex items-center gap-2 px-3">
        <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <CommandPrimitive.Input
          value={search}
          onValueChange={setSearch}
          placeholder={PLACEHOLDER}
          aria-label="Add a species"
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
            <OptionGroup heading="Species" options={options.taxa} onSelect={choose} />
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
}: {
  heading: string;
  options: SpeciesOption[];
  onSelect: (option: SpeciesOption) => void;
}) {
  if (options.length === 0) return null;
  return (
    <CommandGroup heading={heading}>
      {options.map((option) => (
        <OptionItem key={option.value} option={option} onSelect={onSelect} />
      ))}
    </CommandGroup>
  );
}

/** A suggestion: a full-width row a thumb can hit (at least 48 px high). */
function OptionItem({
  option,
  onSelect,
}: {
  option: SpeciesOption;
  onSelect: (option: SpeciesOption) => void;
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
      </span>
    </CommandItem>
  );
}
