import type { SpeciesEntry } from '../../../../common/logs/schemas';
import type { Taxon } from '../../../../common/taxonomy';
import { filterOptions } from '@/components/combobox-options';

// The Common Name picker's options (issues 20 and 34): the user's own names and the backbone's
// taxa for the typed text, and which one Enter takes: the best match, never the typed text
// itself unless nothing matches it.

export type SpeciesOption =
  | { kind: 'own'; value: string; name: string; scientific: string | null }
  | { kind: 'taxon'; value: string; taxon: Taxon }
  | { kind: 'new'; value: string; name: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The name a taxon is logged under: its common name, else its scientific one. */
export const taxonName = (taxon: Taxon) => taxon.commonName ?? taxon.scientificName;

/** The picker's options for the typed text, in the order it lists them. */
export interface SpeciesOptions {
  /** The option named exactly as typed, listed first. */
  leading?: SpeciesOption;
  /** "From your logs". */
  own: SpeciesOption[];
  /** "Species": taxa of the backbone not already among the user's names, best first. */
  taxa: SpeciesOption[];
  /** 'Use "typed"', listed last, when no option is named exactly as typed. */
  typed?: SpeciesOption;
}

/**
 * The options for `search`. An option named exactly as typed (ignoring case; a taxon by its
 * scientific name too) leads, and then no 'Use "typed"' is offered: Enter takes the known name,
 * never a case variant of it. Otherwise 'Use "typed"' comes last: "robin" and Enter is the
 * user's own robin or the backbone's best match, not a new name "robin".
 */
export function speciesOptions(
  own: readonly SpeciesEntry[],
  taxa: readonly Taxon[],
  search: string,
  current: string,
): SpeciesOptions {
  const names = [...new Set([...own.map((entry) => entry.common), ...(current ? [current] : [])])];
  const ownOptions: SpeciesOption[] = filterOptions(names, search).map((name) => ({
    kind: 'own',
    value: `own:${name}`,
    name,
    scientific: own.find((entry) => entry.common === name)?.scientific ?? null,
  }));
  // A taxon the user logs under the same names is their own option already.
  const taxonOptions: SpeciesOption[] = taxa
    .filter(
      (taxon) =>
        !own.some(
          (entry) =>
            same(entry.common, taxonName(taxon)) &&
            (entry.scientific === null || same(entry.scientific, taxon.scientificName)),
        ),
    )
    .map((taxon) => ({ kind: 'taxon', value: `taxon:${taxon.id}`, taxon }));
  const typed = search.trim();
  const isExact = (option: SpeciesOption) =>
    same(labelOf(option), typed) ||
    (option.kind === 'taxon' && same(option.taxon.scientificName, typed));
  const exact = typed ? [...ownOptions, ...taxonOptions].find(isExact) : undefined;
  return {
    leading: exact,
    own: ownOptions.filter((option) => option !== exact),
    taxa: taxonOptions.filter((option) => option !== exact),
    typed: typed && !exact ? { kind: 'new', value: `new:${typed}`, name: typed } : undefined,
  };
}

/** The option Enter takes: the first listed ('Use "typed"' only when it is the only one). */
export const firstOption = ({ leading, own, taxa, typed }: SpeciesOptions) =>
  leading ?? own[0] ?? taxa[0] ?? typed;

/** The name an option stands for. */
export function labelOf(option: SpeciesOption): string {
  return option.kind === 'taxon' ? taxonName(option.taxon) : option.name;
}
