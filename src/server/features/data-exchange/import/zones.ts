import { canonicalTimeZone } from '../../../../common/zone-names.js';

// Time zones the import reads from names instead of coordinates: iNaturalist's Rails zone names,
// and eBird's State/Province codes when a row has no coordinates.

/**
 * Rails' ActiveSupport::TimeZone::MAPPING (activesupport/lib/active_support/values/time_zone.rb),
 * the names iNaturalist writes in `time_zone`; "Kyev" is its name before Rails 7.
 */
const RAILS_ZONES: Record<string, string> = {
  'International Date Line West': 'Etc/GMT+12',
  'Midway Island': 'Pacific/Midway',
  'American Samoa': 'Pacific/Pago_Pago',
  Hawaii: 'Pacific/Honolulu',
  Alaska: 'America/Juneau',
  'Pacific Time (US & Canada)': 'America/Los_Angeles',
  Tijuana: 'America/Tijuana',
  'Mountain Time (US & Canada)': 'America/Denver',
  Arizona: 'America/Phoenix',
  Chihuahua: 'America/Chihuahua',
  Mazatlan: 'America/Mazatlan',
  'Central Time (US & Canada)': 'America/Chicago',
  Saskatchewan: 'America/Regina',
  Guadalajara: 'America/Mexico_City',
  'Mexico City': 'America/Mexico_City',
  Monterrey: 'America/Monterrey',
  'Central America': 'America/Guatemala',
  'Eastern Time (US & Canada)': 'America/New_York',
  'Indiana (East)': 'America/Indiana/Indianapolis',
  Bogota: 'America/Bogota',
  Lima: 'America/Lima',
  Quito: 'America/Lima',
  'Atlantic Time (Canada)': 'America/Halifax',
  Caracas: 'America/Caracas',
  'La Paz': 'America/La_Paz',
  Santiago: 'America/Santiago',
  Asuncion: 'America/Asuncion',
  Newfoundland: 'America/St_Johns',
  Brasilia: 'America/Sao_Paulo',
  'Buenos Aires': 'America/Argentina/Buenos_Aires',
  Montevideo: 'America/Montevideo',
  Georgetown: 'America/Guyana',
  'Puerto Rico': 'America/Puerto_Rico',
  Greenland: 'America/Nuuk',
  'Mid-Atlantic': 'Atlantic/South_Georgia',
  Azores: 'Atlantic/Azores',
  'Cape Verde Is.': 'Atlantic/Cape_Verde',
  Dublin: 'Europe/Dublin',
  Edinburgh: 'Europe/London',
  Lisbon: 'Europe/Lisbon',
  London: 'Europe/London',
  Casablanca: 'Africa/Casablanca',
  Monrovia: 'Africa/Monrovia',
  UTC: 'Etc/UTC',
  Belgrade: 'Europe/Belgrade',
  Bratislava: 'Europe/Bratislava',
  Budapest: 'Europe/Budapest',
  Ljubljana: 'Europe/Ljubljana',
  Prague: 'Europe/Prague',
  Sarajevo: 'Europe/Sarajevo',
  Skopje: 'Europe/Skopje',
  Warsaw: 'Europe/Warsaw',
  Zagreb: 'Europe/Zagreb',
  Brussels: 'Europe/Brussels',
  Copenhagen: 'Europe/Copenhagen',
  Madrid: 'Europe/Madrid',
  Paris: 'Europe/Paris',
  Amsterdam: 'Europe/Amsterdam',
  Berlin: 'Europe/Berlin',
  Bern: 'Europe/Zurich',
  Zurich: 'Europe/Zurich',
  Rome: 'Europe/Rome',
  Stockholm: 'Europe/Stockholm',
  Vienna: 'Europe/Vienna',
  'West Central Africa': 'Africa/Algiers',
  Bucharest: 'Europe/Bucharest',
  Cairo: 'Africa/Cairo',
  Helsinki: 'Europe/Helsinki',
  Kyiv: 'Europe/Kyiv',
  Kyev: 'Europe/Kyiv',
  Riga: 'Europe/Riga',
  Sofia: 'Europe/Sofia',
  Tallinn: 'Europe/Tallinn',
  Vilnius: 'Europe/Vilnius',
  Athens: 'Europe/Athens',
  Istanbul: 'Europe/Istanbul',
  Minsk: 'Europe/Minsk',
  Jerusalem: 'Asia/Jerusalem',
  Harare: 'Africa/Harare',
  Pretoria: 'Africa/Johannesburg',
  Kaliningrad: 'Europe/Kaliningrad',
  Moscow: 'Europe/Moscow',
  'St. Petersburg': 'Europe/Moscow',
  Volgograd: 'Europe/Volgograd',
  Samara: 'Europe/Samara',
  Kuwait: 'Asia/Kuwait',
  Riyadh: 'Asia/Riyadh',
  Nairobi: 'Africa/Nairobi',
  Baghdad: 'Asia/Baghdad',
  Tehran: 'Asia/Tehran',
  'Abu Dhabi': 'Asia/Muscat',
  Muscat: 'Asia/Muscat',
  Baku: 'Asia/Baku',
  Tbilisi: 'Asia/Tbilisi',
  Yerevan: 'Asia/Yerevan',
  Kabul: 'Asia/Kabul',
  Ekaterinburg: 'Asia/Yekaterinburg',
  Islamabad: 'Asia/Karachi',
  Karachi: 'Asia/Karachi',
  Tashkent: 'Asia/Tashkent',
  Chennai: 'Asia/Kolkata',
  Kolkata: 'Asia/Kolkata',
  Mumbai: 'Asia/Kolkata',
  'New Delhi': 'Asia/Kolkata',
  Kathmandu: 'Asia/Kathmandu',
  Astana: 'Asia/Almaty',
  Dhaka: 'Asia/Dhaka',
  'Sri Jayawardenepura': 'Asia/Colombo',
  Almaty: 'Asia/Almaty',
  Novosibirsk: 'Asia/Novosibirsk',
  Rangoon: 'Asia/Yangon',
  Bangkok: 'Asia/Bangkok',
  Hanoi: 'Asia/Bangkok',
  Jakarta: 'Asia/Jakarta',
  Krasnoyarsk: 'Asia/Krasnoyarsk',
  Beijing: 'Asia/Shanghai',
  Chongqing: 'Asia/Chongqing',
  'Hong Kong': 'Asia/Hong_Kong',
  Urumqi: 'Asia/Urumqi',
  'Kuala Lumpur': 'Asia/Kuala_Lumpur',
  Singapore: 'Asia/Singapore',
  Taipei: 'Asia/Taipei',
  Perth: 'Australia/Perth',
  Irkutsk: 'Asia/Irkutsk',
  Ulaanbaatar: 'Asia/Ulaanbaatar',
  Seoul: 'Asia/Seoul',
  Osaka: 'Asia/Tokyo',
  Sapporo: 'Asia/Tokyo',
  Tokyo: 'Asia/Tokyo',
  Yakutsk: 'Asia/Yakutsk',
  Darwin: 'Australia/Darwin',
  Adelaide: 'Australia/Adelaide',
  Canberra: 'Australia/Melbourne',
  Melbourne: 'Australia/Melbourne',
  Sydney: 'Australia/Sydney',
  Brisbane: 'Australia/Brisbane',
  Hobart: 'Australia/Hobart',
  Vladivostok: 'Asia/Vladivostok',
  Guam: 'Pacific/Guam',
  'Port Moresby': 'Pacific/Port_Moresby',
  Magadan: 'Asia/Magadan',
  Srednekolymsk: 'Asia/Srednekolymsk',
  'Solomon Is.': 'Pacific/Guadalcanal',
  'New Caledonia': 'Pacific/Noumea',
  Fiji: 'Pacific/Fiji',
  Kamchatka: 'Asia/Kamchatka',
  'Marshall Is.': 'Pacific/Majuro',
  Auckland: 'Pacific/Auckland',
  Wellington: 'Pacific/Auckland',
  "Nuku'alofa": 'Pacific/Tongatapu',
  'Tokelau Is.': 'Pacific/Fakaofo',
  'Chatham Is.': 'Pacific/Chatham',
  Samoa: 'Pacific/Apia',
};

/** iNaturalist's `time_zone` (a Rails name, or an IANA one) as a canonical IANA name. */
export function railsZone(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return canonicalTimeZone(RAILS_ZONES[trimmed] ?? trimmed);
}

/**
 * Countries with a single zone in the tz database's zone.tab (tzdata 2025b): the zone of any
 * place in them. Generated with
 * `awk -F'\t' '!/^#/ {n[$1]++; z[$1]=$3} END {for (c in n) if (n[c]==1) print c":"z[c]}' zone.tab`.
 */
const COUNTRY_ZONES = new Map(
  `
AD:Europe/Andorra AE:Asia/Dubai AF:Asia/Kabul AG:America/Antigua AI:America/Anguilla
AL:Europe/Tirane AM:Asia/Yerevan AO:Africa/Luanda AS:Pacific/Pago_Pago AT:Europe/Vienna
AW:America/Aruba AX:Europe/Mariehamn AZ:Asia/Baku BA:Europe/Sarajevo BB:America/Barbados
BD:Asia/Dhaka BE:Europe/Brussels BF:Africa/Ouagadougou BG:Europe/Sofia BH:Asia/Bahrain
BI:Africa/Bujumbura BJ:Africa/Porto-Novo BL:America/St_Barthelemy BM:Atlantic/Bermuda
BN:Asia/Brunei BO:America/La_Paz BQ:America/Kralendijk BS:America/Nassau BT:Asia/Thimphu
BW:Africa/Gaborone BY:Europe/Minsk BZ:America/Belize CC:Indian/Cocos CF:Africa/Bangui
CG:Africa/Brazzaville CH:Europe/Zurich CI:Africa/Abidjan CK:Pacific/Rarotonga CM:Africa/Douala
CO:America/Bogota CR:America/Costa_Rica CU:America/Havana CV:Atlantic/Cape_Verde
CW:America/Curacao CX:Indian/Christmas CZ:Europe/Prague DJ:Africa/Djibouti DK:Europe/Copenhagen
DM:America/Dominica DO:America/Santo_Domingo DZ:Africa/Algiers EE:Europe/Tallinn
EG:Africa/Cairo EH:Africa/El_Aaiun ER:Africa/Asmara ET:Africa/Addis_Ababa FI:Europe/Helsinki
FJ:Pacific/Fiji FK:Atlantic/Stanley FO:Atlantic/Faroe FR:Europe/Paris GA:Africa/Libreville
GB:Europe/London GD:America/Grenada GE:Asia/Tbilisi GF:America/Cayenne GG:Europe/Guernsey
GH:Africa/Accra GI:Europe/Gibraltar GM:Africa/Banjul GN:Africa/Conakry GP:America/Guadeloupe
GQ:Africa/Malabo GR:Europe/Athens GS:Atlantic/South_Georgia GT:America/Guatemala
GU:Pacific/Guam GW:Africa/Bissau GY:America/Guyana HK:Asia/Hong_Kong HN:America/Tegucigalpa
HR:Europe/Zagreb HT:America/Port-au-Prince HU:Europe/Budapest IE:Europe/Dublin
IL:Asia/Jerusalem IM:Europe/Isle_of_Man IN:Asia/Kolkata IO:Indian/Chagos IQ:Asia/Baghdad
IR:Asia/Tehran IS:Atlantic/Reykjavik IT:Europe/Rome JE:Europe/Jersey JM:America/Jamaica
JO:Asia/Amman JP:Asia/Tokyo KE:Africa/Nairobi KG:Asia/Bishkek KH:Asia/Phnom_Penh
KM:Indian/Comoro KN:America/St_Kitts KP:Asia/Pyongyang KR:Asia/Seoul KW:Asia/Kuwait
KY:America/Cayman LA:Asia/Vientiane LB:Asia/Beirut LC:America/St_Lucia LI:Europe/Vaduz
LK:Asia/Colombo LR:Africa/Monrovia LS:Africa/Maseru LT:Europe/Vilnius LU:Europe/Luxembourg
LV:Europe/Riga LY:Africa/Tripoli MA:Africa/Casablanca MC:Europe/Monaco MD:Europe/Chisinau
ME:Europe/Podgorica MF:America/Marigot MG:Indian/Antananarivo MK:Europe/Skopje ML:Africa/Bamako
MM:Asia/Yangon MO:Asia/Macau MP:Pacific/Saipan MQ:America/Martinique MR:Africa/Nouakchott
MS:America/Montserrat MT:Europe/Malta MU:Indian/Mauritius MV:Indian/Maldives MW:Africa/Blantyre
MZ:Africa/Maputo NA:Africa/Windhoek NC:Pacific/Noumea NE:Africa/Niamey NF:Pacific/Norfolk
NG:Africa/Lagos NI:America/Managua NL:Europe/Amsterdam NO:Europe/Oslo NP:Asia/Kathmandu
NR:Pacific/Nauru NU:Pacific/Niue OM:Asia/Muscat PA:America/Panama PE:America/Lima
PH:Asia/Manila PK:Asia/Karachi PL:Europe/Warsaw PM:America/Miquelon PN:Pacific/Pitcairn
PR:America/Puerto_Rico PW:Pacific/Palau PY:America/Asuncion QA:Asia/Qatar RE:Indian/Reunion
RO:Europe/Bucharest RS:Europe/Belgrade RW:Africa/Kigali SA:Asia/Riyadh SB:Pacific/Guadalcanal
SC:Indian/Mahe SD:Africa/Khartoum SE:Europe/Stockholm SG:Asia/Singapore SH:Atlantic/St_Helena
SI:Europe/Ljubljana SJ:Arctic/Longyearbyen SK:Europe/Bratislava SL:Africa/Freetown
SM:Europe/San_Marino SN:Africa/Dakar SO:Africa/Mogadishu SR:America/Paramaribo SS:Africa/Juba
ST:Africa/Sao_Tome SV:America/El_Salvador SX:America/Lower_Princes SY:Asia/Damascus
SZ:Africa/Mbabane TC:America/Grand_Turk TD:Africa/Ndjamena TF:Indian/Kerguelen TG:Africa/Lome
TH:Asia/Bangkok TJ:Asia/Dushanbe TK:Pacific/Fakaofo TL:Asia/Dili TM:Asia/Ashgabat
TN:Africa/Tunis TO:Pacific/Tongatapu TR:Europe/Istanbul TT:America/Port_of_Spain
TV:Pacific/Funafuti TW:Asia/Taipei TZ:Africa/Dar_es_Salaam UG:Africa/Kampala
UY:America/Montevideo VA:Europe/Vatican VC:America/St_Vincent VE:America/Caracas
VG:America/Tortola VI:America/St_Thomas VN:Asia/Ho_Chi_Minh VU:Pacific/Efate WF:Pacific/Wallis
WS:Pacific/Apia YE:Asia/Aden YT:Indian/Mayotte ZA:Africa/Johannesburg ZM:Africa/Lusaka
ZW:Africa/Harare`
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * Subdivisions (ISO 3166-2, as eBird's State/Province writes them) of countries with several
 * zones, where the whole subdivision keeps one zone. Left out because part of them keeps another
 * time: US-AK (Adak), US-AZ (the Navajo Nation keeps daylight time), US-FL, US-ID, US-IN, US-KS,
 * US-KY, US-MI, US-ND, US-NE, US-NV (West Wendover), US-OR, US-SD, US-TN, US-TX; CA-BC, CA-NL,
 * CA-NT, CA-NU, CA-ON, CA-QC, CA-SK (Lloydminster); AU-NSW (Broken Hill, Lord Howe), AU-WA
 * (Eucla); CN-XJ; and every subdivision of AR, BR, CL, CD, EC, FM, GL, ID, KI, KZ, MH, MN, MX,
 * MY, PF, PG, PS, RU, UA, UM, UZ and the other multi-zone countries not listed here.
 */
const SUBDIVISION_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    ['CT', 'DC', 'DE', 'GA', 'MA', 'MD', 'ME', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC']
      .concat(['VA', 'VT', 'WV'])
      .map((state) => [`US-${state}`, 'America/New_York']),
  ),
  ...Object.fromEntries(
    ['AL', 'AR', 'IA', 'IL', 'LA', 'MN', 'MO', 'MS', 'OK', 'WI'].map((state) => [
      `US-${state}`,
      'America/Chicago',
    ]),
  ),
  ...Object.fromEntries(
    ['CO', 'MT', 'NM', 'UT', 'WY'].map((state) => [`US-${state}`, 'America/Denver']),
  ),
  'US-CA': 'America/Los_Angeles',
  'US-WA': 'America/Los_Angeles',
  'US-HI': 'Pacific/Honolulu',
  'CA-AB': 'America/Edmonton',
  'CA-MB': 'America/Winnipeg',
  'CA-NB': 'America/Moncton',
  'CA-NS': 'America/Halifax',
  'CA-PE': 'America/Halifax',
  'CA-YT': 'America/Whitehorse',
  'AU-ACT': 'Australia/Sydney',
  'AU-NT': 'Australia/Darwin',
  'AU-QLD': 'Australia/Brisbane',
  'AU-SA': 'Australia/Adelaide',
  'AU-TAS': 'Australia/Hobart',
  'AU-VIC': 'Australia/Melbourne',
  'ES-CN': 'Atlantic/Canary',
  'ES-CE': 'Africa/Ceuta',
  'ES-ML': 'Africa/Ceuta',
  'PT-20': 'Atlantic/Azores',
  'PT-30': 'Atlantic/Madeira',
  'NZ-CIT': 'Pacific/Chatham',
};

/**
 * Countries of several zones in zone.tab whose other zones are all in subdivisions named above:
 * any other subdivision keeps the main zone (DE's Busingen, in DE-BW, has kept Berlin's time
 * since 1980).
 */
const MAIN_ZONES: Record<string, string> = {
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  NZ: 'Pacific/Auckland',
};

/** The one zone of an eBird State/Province (`US-CO`, `DE-BE`, `IS-1`), if it has only one. */
export function regionZone(code: string): string | undefined {
  const region = code.trim().toUpperCase();
  const country = region.split('-')[0] ?? '';
  return SUBDIVISION_ZONES[region] ?? MAIN_ZONES[country] ?? COUNTRY_ZONES.get(country);
}
