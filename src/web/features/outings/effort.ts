import type { Outing, OutingProtocol } from '../../../common/outings/schemas';

// How an outing's effort reads on its page, in the list and on its shared page (issue 22).

export const protocolLabels: Record<OutingProtocol, string> = {
  traveling: 'Traveling',
  stationary: 'Stationary',
  area: 'Area',
  incidental: 'Incidental',
};

/** What each protocol means, for the edit form: eBird's own definitions, shortened. */
export const protocolHints: Record<OutingProtocol, string> = {
  traveling: 'You moved along a route while you looked',
  stationary: 'You stayed in one spot',
  area: 'You searched a defined area thoroughly',
  incidental: 'Birding was not your main purpose',
};

/** '45 min', '2 h', '1 h 30 min'; a day or more as hours too ('26 h 5 min'). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours.toLocaleString()} h` : `${hours.toLocaleString()} h ${rest} min`;
}

/** '2.4 km', '0.35 km', '12 km': two decimals below one kilometre, one below ten. */
export function formatDistance(km: number): string {
  const digits = km < 1 ? 2 : km < 10 ? 1 : 0;
  return `${km.toLocaleString(undefined, { maximumFractionDigits: digits })} km`;
}

export const formatParty = (people: number) =>
  `${people.toLocaleString()} ${people === 1 ? 'observer' : 'observers'}`;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

export const formatSpeciesCount = (species: number) => plural(species, 'species', 'species');
export const formatIndividuals = (individuals: number) =>
  plural(individuals, 'individual', 'individuals');

/** The effort in one line: 'Traveling · 1 h 30 min · 2.4 km · 3 observers'. */
export function effortLine(
  outing: Pick<Outing, 'protocol' | 'durationMinutes' | 'distanceKm' | 'partySize'>,
): string {
  return [
    protocolLabels[outing.protocol],
    outing.durationMinutes !== null && formatDuration(outing.durationMinutes),
    outing.distanceKm !== null && formatDistance(outing.distanceKm),
    outing.partySize !== null && formatParty(outing.partySize),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The outing's name: where it was, else 'Outing'. */
export const outingTitle = (outing: Pick<Outing, 'placeName'>) => outing.placeName ?? 'Outing';

/** The outing's start as its logs' time is written (features/logs): in the place's zone. */
export const outingStart = (outing: Pick<Outing, 'startedAt' | 'timeZone'>) => ({
  observedAt: outing.startedAt,
  timeZone: outing.timeZone,
  timeKnown: true,
});

export const COMPLETE_TEXT = 'Every species seen was reported';
export const INCOMPLETE_TEXT = 'Not every species was reported';
