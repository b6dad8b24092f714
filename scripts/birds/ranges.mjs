// The regions of a bird's range (src/common/regions.ts) from AviList's range texts ("breeds
// southeastern Alaska and western Canada to northwestern Oregon; winters to California"): the
// places a text names, found in country-coder's countries, territories and regions and in the
// words below, each giving the regions it lies in. Longer names are found first ("New Guinea"
// before "Guinea"), and each part of a text is read once.
import { borders } from '@rapideditor/country-coder';
import { REGIONS } from '../../src/common/regions.ts';

const { northAmerica: NA, southAmerica: SA, europe: EU, africa: AF, asia: AS } = REGIONS;
const { oceania: OC, antarctica: AN } = REGIONS;

/** M49 regions and subregions: the Americas split as birders split them. */
const M49 = {
  '021': NA,
  '013': NA,
  '029': NA,
  '005': SA,
  150: EU,
  '002': AF,
  142: AS,
  '009': OC,
  '010': AN,
};
/** Countries country-coder files under no region (their parts are), and shared landforms. */
const WHOLE = {
  'Kingdom of Denmark': EU,
  Spain: EU,
  France: EU,
  'United Kingdom': EU,
  Norway: EU,
  'Kingdom of the Netherlands': EU,
  Russia: EU | AS,
  'United States of America': NA,
  Macaronesia: EU | AF,
};
/** Places range texts name that are no country: mountains, islands, old and short names. */
const WORDS = {
  USA: NA,
  'United States': NA,
  'Great Lakes': NA,
  'Great Plains': NA,
  'Rocky Mountains': NA,
  'Gulf Coast': NA,
  'West Indies': NA,
  'Greater Antilles': NA,
  'Lesser Antilles': NA,
  Antilles: NA,
  Yucatán: NA,
  Yucatan: NA,
  'Baja California': NA,
  Labrador: NA,
  Quebec: NA,
  Ontario: NA,
  Manitoba: NA,
  Saskatchewan: NA,
  Alberta: NA,
  'British Columbia': NA,
  Yukon: NA,
  Newfoundland: NA,
  'Nova Scotia': NA,
  'Maritime Provinces': NA,
  'Hudson Bay': NA,
  Florida: NA,
  Texas: NA,
  California: NA,
  Arizona: NA,
  'New Mexico': NA,
  Oregon: NA,
  Washington: NA,
  Nevada: NA,
  Utah: NA,
  Colorado: NA,
  Montana: NA,
  Louisiana: NA,
  Mississippi: NA,
  Alabama: NA,
  Carolina: NA,
  Virginia: NA,
  Maine: NA,
  'New England': NA,
  Appalachians: NA,
  Oaxaca: NA,
  Chiapas: NA,
  Sonora: NA,
  Tamaulipas: NA,
  Guerrero: NA,
  Jalisco: NA,
  Sinaloa: NA,
  Amazonia: SA,
  Amazon: SA,
  Andes: SA,
  Patagonia: SA,
  'Tierra del Fuego': SA,
  Guianas: SA,
  Chaco: SA,
  Pantanal: SA,
  'Atlantic Forest': SA,
  Llanos: SA,
  Orinoco: SA,
  Europe: EU,
  Scandinavia: EU,
  'British Isles': EU,
  Britain: EU,
  Balkans: EU,
  Iberia: EU,
  'Iberian Peninsula': EU,
  Fennoscandia: EU,
  Carpathians: EU,
  Alps: EU,
  Pyrenees: EU,
  Corsica: EU,
  Sardinia: EU,
  Sicily: EU,
  Crete: EU,
  'Canary Islands': EU,
  Azores: EU,
  Madeira: EU,
  Ural: EU | AS,
  Urals: EU | AS,
  Caucasus: EU | AS,
  Mediterranean: EU | AF | AS,
  Sahara: AF,
  Sahel: AF,
  'Horn of Africa': AF,
  'Cape Verde': AF,
  Zanzibar: AF,
  Socotra: AS,
  Siberia: AS,
  Himalayas: AS,
  Himalaya: AS,
  Tibet: AS,
  Kamchatka: AS,
  Sakhalin: AS,
  Kuril: AS,
  Ussuriland: AS,
  Amurland: AS,
  Manchuria: AS,
  Chukotka: AS,
  'Middle East': AS,
  Arabia: AS,
  'Arabian Peninsula': AS,
  Levant: AS,
  'Asia Minor': AS,
  Anatolia: AS,
  Korea: AS,
  Ceylon: AS,
  Burma: AS,
  Siam: AS,
  Assam: AS,
  Sumatra: AS,
  Java: AS,
  Bali: AS,
  Borneo: AS,
  Sulawesi: AS,
  Celebes: AS,
  Moluccas: AS,
  Maluku: AS,
  'Lesser Sundas': AS,
  'Lesser Sunda': AS,
  'Malay Peninsula': AS,
  Hainan: AS,
  Taiwan: AS,
  Ryukyu: AS,
  Hokkaido: AS,
  Honshu: AS,
  Andamans: AS,
  Nicobars: AS,
  Indochina: AS,
  'Persian Gulf': AS,
  'New Guinea': OC,
  'Bismarck Archipelago': OC,
  Tasmania: OC,
  Queensland: OC,
  'New South Wales': OC,
  'Northern Territory': OC,
  'Western Australia': OC,
  Melanesia: OC,
  Micronesia: OC,
  Polynesia: OC,
  Hawaii: OC,
  'Hawaiian Islands': OC,
  Fiji: OC,
  Samoa: OC,
  China: AS,
  Xinjiang: AS,
  Qinghai: AS,
  Gansu: AS,
  Sichuan: AS,
  Yunnan: AS,
  Fujian: AS,
  Guangdong: AS,
  Shaanxi: AS,
  Zhejiang: AS,
  'Tien Shan': AS,
  Pamir: AS,
  Dzungaria: AS,
  Samarkand: AS,
  Baikal: AS,
  'Far East': AS,
  'Bay of Bengal': AS,
  'South China Sea': AS,
  Philippine: AS,
  Luzon: AS,
  Mindanao: AS,
  Palawan: AS,
  Sulu: AS,
  Natuna: AS,
  Tanimbar: AS,
  Wallacea: AS,
  Flores: AS,
  'Banda Sea': AS,
  Andaman: AS,
  Nicobar: AS,
  Laos: AS,
  Vietnam: AS,
  Crimea: EU,
  Crimean: EU,
  Hispaniola: NA,
  Tobago: NA,
  Trinidad: NA,
  'Isla de la Juventud': NA,
  Galapagos: SA,
  Galápagos: SA,
  Bioko: AF,
  'Gulf of Guinea': AF,
  Aldabra: AF,
  Pemba: AF,
  Kauai: OC,
  Oahu: OC,
  Maui: OC,
  'Caroline Islands': OC,
  Kosrae: OC,
  Kosrai: OC,
  Chuuk: OC,
  Yap: OC,
  Palau: OC,
  Marianas: OC,
  'Solomon Islands': OC,
  Vanuatu: OC,
  'New Caledonia': OC,
  Bahamas: NA,
  Mexican: NA,
  Veracruz: NA,
  Puebla: NA,
  'New York': NA,
  Massachusetts: NA,
  Pennsylvania: NA,
  'New Jersey': NA,
  Tanganyika: AF,
  Comoro: AF,
  Comoros: AF,
  'South Georgia': SA,
  'Auckland Islands': OC,
  Admiralty: OC,
  Pitcairn: OC,
  Marquesas: OC,
  'Society Islands': OC,
  Tuamotu: OC,
  Tuamotus: OC,
  Tahiti: OC,
  Papuan: OC,
  Trobriand: OC,
  Louisiade: OC,
  "D'Entrecasteaux": OC,
  Laysan: OC,
  Sula: AS,
  Talaud: AS,
  Sangihe: AS,
  Banggai: AS,
  Seram: AS,
  Kai: AS,
  Negros: AS,
  Sibuyan: AS,
  Malaya: AS,
  Aegean: EU,
  Komandorskiye: AS,
  Kerguelen: AN,
  Antarctic: AN,
  Antarctica: AN,
  Subantarctic: AN,
  subantarctic: AN,
  'Southern Ocean': AN,
};
/** Names that are two places ("Georgia", a US state and a country): not read. */
const AMBIGUOUS = new Set(['Georgia', 'Victoria', 'Niger', 'Congo', 'Jersey', 'Guinea']);

function regionsOfFeature(properties, byId) {
  if (WHOLE[properties.nameEn] !== undefined) return WHOLE[properties.nameEn];
  let bits = M49[properties.m49] ?? 0;
  for (const group of properties.groups ?? []) bits |= M49[group] ?? 0;
  if (bits === 0) for (const group of properties.groups ?? []) bits |= byId.get(group)?.bits ?? 0;
  return bits;
}

function gazetteer() {
  const places = new Map(Object.entries(WORDS));
  const byId = new Map();
  for (const { properties } of borders.features) {
    const entry = { bits: regionsOfFeature(properties, byId) };
    for (const id of [properties.id, properties.iso1A2, properties.m49].filter(Boolean))
      byId.set(id, entry);
    if (!entry.bits || !properties.nameEn) continue;
    for (const name of [properties.nameEn, ...(properties.aliases ?? [])]) {
      // aliases are mostly codes (US-HI, UK): only names
      if (!/^[A-Z][A-Za-zÀ-ÿ'’.-]+( [A-Za-zÀ-ÿ'’.-]+)*$/.test(name) || name.length < 4) continue;
      if (!AMBIGUOUS.has(name) && !places.has(name))
        places.set(name.replace(/^the /, ''), entry.bits);
    }
  }
  places.set('Türkiye', AS);
  places.set('Turkey', AS);
  return places;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let compiled;

/** The regions (bits) of the places a range text names; 0 when it names none known. */
export function regionsOfRange(text) {
  if (!compiled) {
    const places = gazetteer();
    const names = [...places.keys()].sort((a, b) => b.length - a.length).map(escape);
    compiled = {
      places,
      pattern: new RegExp(`(?<![\\p{L}])(${names.join('|')})(?![\\p{L}])`, 'gu'),
    };
  }
  let bits = 0;
  for (const match of text.matchAll(compiled.pattern)) bits |= compiled.places.get(match[1]) ?? 0;
  return bits;
}
