/** Options whose text contains the search, ignoring case (SPEC §2 "species pickers"). */
export function filterOptions(options: readonly string[], search: string): string[] {
  const needle = search.trim().toLowerCase();
  return needle ? options.filter((option) => option.toLowerCase().includes(needle)) : [...options];
}

/** The typed text offered as a new value, unless it is empty or already an option. */
export function newValueOption(options: readonly string[], search: string): string | null {
  const typed = search.trim();
  return typed && !options.includes(typed) ? typed : null;
}

/** Choosing the option already selected clears the field. */
export const nextValue = (current: string, chosen: string) => (chosen === current ? '' : chosen);
