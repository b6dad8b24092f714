// Time zones by the names the tz database gives them today (Asia/Kolkata, Europe/Kyiv), which
// is what a log keeps and shows (issue 32). Intl checks a name and resolves its links, but ICU
// answers with CLDR's canonical names, some of them spellings the tz database has since renamed
// (Asia/Calcutta, Europe/Kiev, America/Buenos_Aires): those are renamed here.

/**
 * CLDR's canonical names that are no longer the tz database's, and the tz database's names: the
 * zones of CLDR's common/bcp47/timezone.xml (CLDR 48, npm cldr-bcp47 48.2.0, bcp47/timezone.json)
 * whose `iana` attribute differs from their first alias. With them, every name that
 * Intl.supportedValuesOf('timeZone') lists (Node 24, ICU 78) becomes one of tzdata's zone.tab
 * (2025b). Redo after a CLDR release:
 * `Object.values(tz).filter((z) => z._iana && z._iana !== z._alias.split(' ')[0])`.
 */
export const IANA_RENAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'Africa/Asmera': 'Africa/Asmara',
    'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
    'America/Catamarca': 'America/Argentina/Catamarca',
    'America/Coral_Harbour': 'America/Atikokan',
    'America/Cordoba': 'America/Argentina/Cordoba',
    'America/Godthab': 'America/Nuuk',
    'America/Indianapolis': 'America/Indiana/Indianapolis',
    'America/Jujuy': 'America/Argentina/Jujuy',
    'America/Louisville': 'America/Kentucky/Louisville',
    'America/Mendoza': 'America/Argentina/Mendoza',
    'Asia/Calcutta': 'Asia/Kolkata',
    'Asia/Katmandu': 'Asia/Kathmandu',
    'Asia/Rangoon': 'Asia/Yangon',
    'Asia/Saigon': 'Asia/Ho_Chi_Minh',
    'Atlantic/Faeroe': 'Atlantic/Faroe',
    'Europe/Kiev': 'Europe/Kyiv',
    'Pacific/Enderbury': 'Pacific/Kanton',
    'Pacific/Ponape': 'Pacific/Pohnpei',
    'Pacific/Truk': 'Pacific/Chuuk',
  }),
);

const canonicalNames = new Map<string, string | undefined>();

/**
 * The zone's canonical IANA name (`US/Mountain` and `America/Denver` are `America/Denver`,
 * `Asia/Calcutta` is `Asia/Kolkata`), or undefined when it is not one ('+01:00' and 'UTC+1' are
 * not).
 */
export function canonicalTimeZone(name: string): string | undefined {
  // Remembered: an import checks the same few names on 50,000 rows, and each look-up builds a
  // formatter (0.1 ms).
  if (canonicalNames.has(name)) return canonicalNames.get(name);
  const canonical = lookUpTimeZone(name);
  if (canonicalNames.size >= 1000) canonicalNames.clear();
  canonicalNames.set(name, canonical);
  return canonical;
}

function lookUpTimeZone(name: string): string | undefined {
  // A leading sign or digit would be a POSIX offset to the database, with its sign inverted.
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    const cldr = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return IANA_RENAMES.get(cldr) ?? cldr;
  } catch {
    return undefined;
  }
}

/** A stored zone by its canonical name: one kept before issue 32 may be an old spelling. */
export const storedTimeZone = (name: string | null) =>
  name === null ? null : (IANA_RENAMES.get(name) ?? name);
