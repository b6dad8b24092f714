// Issue 36: the occurrence model's thresholds and weeks, shared by the server, the form and the
// species worker (no zod here: the worker's bundle stays small).

export const OCCURRENCE_RULES = {
  /** H3 resolution of the flags' cells (about 250 km², 9 km edges). */
  fineResolution: 5,
  /** H3 resolution of the picker's pack (about 12,400 km², 60 km edges). */
  coarseResolution: 3,
  /** "Here": the fine cells whose centre is this close to the point. */
  nearKm: 50,
  /** The season: the record's week and this many on each side. */
  seasonWeeks: 2,
  /** Records of any species here that make the instance know the place (else no flag). */
  knownPlaceRecords: 20,
  /** Records of the species here (any week, or the season) that make its absence or count mean something. */
  knownSpeciesRecords: 5,
} as const;

/** Week 1–52 of a day of the year (1–366): days 358–366 are week 52. */
export const weekOfDay = (dayOfYear: number) => Math.min(52, Math.floor((dayOfYear - 1) / 7) + 1);

/** Week 1–52 of a date 'YYYY-MM-DD'. */
export function weekOfDate(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, 0, 1);
  const dayOfYear = Math.round((Date.UTC(year, month - 1, date) - start) / 86_400_000) + 1;
  return weekOfDay(dayOfYear);
}

/** The weeks of the season around `week`, wrapping round the year: 51, 52, 1, 2, 3. */
export function seasonOf(week: number): number[] {
  const weeks: number[] = [];
  for (
    let offset = -OCCURRENCE_RULES.seasonWeeks;
    offset <= OCCURRENCE_RULES.seasonWeeks;
    offset++
  ) {
    weeks.push(((week - 1 + offset + 52) % 52) + 1);
  }
  return weeks;
}
