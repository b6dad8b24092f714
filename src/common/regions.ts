// The world's regions as the species pickers rank by them (issue 33): a taxon's regions are a
// bit set (its range, from AviList's range texts for birds; none known for other taxa), and the
// place a user logs from falls in one region, from its time zone. Shared by the server's search,
// the web app's offline pack and scripts/birds/ranges.mjs.

export const REGIONS = {
  /** North and Central America, the Caribbean, Greenland, Bermuda */
  northAmerica: 1,
  southAmerica: 2,
  /** Europe with European Russia, Macaronesia and the North Atlantic's islands */
  europe: 4,
  africa: 8,
  /** Asia with Western Asia, Asian Russia and the Indian Ocean's Asian islands */
  asia: 16,
  /** Australia, New Zealand, New Guinea, Melanesia, Micronesia, Polynesia, Hawaii */
  oceania: 32,
  antarctica: 64,
} as const;

/** The zones of South America and its islands; the rest of America/ is North America. */
const SOUTH_AMERICA = new RegExp(
  '^(America/(Argentina/.*|Araguaina|Asuncion|Bahia|Belem|Boa_Vista|Bogota|Buenos_Aires|' +
    'Campo_Grande|Caracas|Catamarca|Cayenne|Cordoba|Coyhaique|Cuiaba|Eirunepe|Fortaleza|' +
    'Guayaquil|Guyana|Jujuy|La_Paz|Lima|Maceio|Manaus|Mendoza|Montevideo|Noronha|Paramaribo|' +
    'Porto_Acre|Porto_Velho|Punta_Arenas|Recife|Rio_Branco|Rosario|Santarem|Santiago|' +
    'Sao_Paulo)|Atlantic/(Stanley|South_Georgia)|Pacific/(Galapagos|Easter)|Brazil/.*|Chile/.*)$',
);
const AFRICAN_ISLANDS =
  /^(Atlantic\/(Cape_Verde|St_Helena)|Indian\/(Antananarivo|Comoro|Mahe|Mauritius|Mayotte|Reunion|Kerguelen))$/;
const EUROPEAN_ISLANDS = /^Atlantic\/(Azores|Canary|Madeira|Faroe|Faeroe|Reykjavik|Jan_Mayen)$/;
const AREAS: Array<[RegExp, number]> = [
  [SOUTH_AMERICA, REGIONS.southAmerica],
  [AFRICAN_ISLANDS, REGIONS.africa],
  [EUROPEAN_ISLANDS, REGIONS.europe],
  [/^(Europe|Arctic)\//, REGIONS.europe],
  [
    /^(America\/|Atlantic\/Bermuda|US\/|Canada\/|Mexico\/|Cuba$|Jamaica$|Navajo$)/,
    REGIONS.northAmerica,
  ],
  [/^Africa\/|^(Egypt|Libya)$/, REGIONS.africa],
  [/^(Asia|Indian)\/|^(Hongkong|Iran|Israel|Japan|PRC|ROC|ROK|Singapore|Turkey)$/, REGIONS.asia],
  [/^(Australia|Pacific)\/|^NZ/, REGIONS.oceania],
  [/^Antarctica\//, REGIONS.antarctica],
];

/** The region of an IANA time zone (`Europe/Paris`: Europe); 0 for `UTC`, `Etc/…` and unknown. */
export function regionOfZone(zone: string | null | undefined): number {
  if (!zone) return 0;
  for (const [pattern, region] of AREAS) if (pattern.test(zone)) return region;
  return 0;
}
