// A file shaped like a real "My eBird Data" download, for the import benchmarks
// (import-stall.mjs, import-copy.mjs): the columns and cells eBird writes, short rows included.

const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
const SPECIES = [
  ['Canada Goose', 'Branta canadensis', 324],
  ['Mallard', 'Anas platyrhynchos', 464],
  ['Mourning Dove', 'Zenaida macroura', 2489],
  ['Red-tailed Hawk', 'Buteo jamaicensis', 8341],
  ['Downy Woodpecker', 'Dryobates pubescens', 11012],
  ['Blue Jay', 'Cyanocitta cristata', 21201],
  ['Black-capped Chickadee', 'Poecile atricapillus', 27380],
  ['American Robin', 'Turdus migratorius', 30014],
  ['European Starling', 'Sturnus vulgaris', 30591],
  ['House Finch', 'Haemorhous mexicanus', 32173],
  ['American Goldfinch', 'Spinus tristis', 32379],
  ['Song Sparrow', 'Melospiza melodia', 33244],
  ['Red-winged Blackbird', 'Agelaius phoeniceus', 33950],
  ['Northern Cardinal', 'Cardinalis cardinalis', 34601],
  ['Yellow-rumped Warbler', 'Setophaga coronata', 34310],
  ['Dark-eyed Junco', 'Junco hyemalis', 33050],
  ['White-breasted Nuthatch', 'Sitta carolinensis', 27770],
  ['Cedar Waxwing', 'Bombycilla cedrorum', 29190],
  ['Great Blue Heron', 'Ardea herodias', 5720],
  ['Killdeer', 'Charadrius vociferus', 5140],
];
const PLACES = [
  ['US-CO', 'Boulder', 'L1234567', 'Chautauqua Park', 39.999, -105.2817],
  ['US-KS', 'Johnson', 'L1196180', 'Lake Lenexa & Black Hoof Park', 38.9644909, -94.8400998],
  ['US-VT', 'Washington', 'L2345678', 'Downtown Montpelier', 44.25988, -72.576138],
  ['US-WA', 'King', 'L3456789', '"East Montlake Park, Seattle"', 47.6464533, -122.3002768],
  ['DE-BE', '', 'L2087612', 'Tempelhofer Feld', 52.4736, 13.4012],
];

/** Checklists of 5–20 species at a few places over ten years; short rows, as eBird writes them. */
export function eBirdFile(rows, seed) {
  const lines = [HEADER];
  let checklist = 0;
  while (lines.length <= rows) {
    checklist += 1;
    const [region, county, locationId, location, lat, lon] = PLACES[checklist % PLACES.length];
    const day = new Date(Date.UTC(2016, 0, 1) + ((checklist * 7919) % 3650) * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const hour = 6 + (checklist % 11);
    const time = `${String(((hour + 11) % 12) + 1).padStart(2, '0')}:${String((checklist * 13) % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
    const species = 5 + (checklist % 16);
    for (let s = 0; s < species && lines.length <= rows; s += 1) {
      const [name, scientific, order] = SPECIES[(checklist + s) % SPECIES.length];
      const count = (checklist + s) % 17 === 0 ? 'X' : String(1 + ((checklist * s) % 30));
      const base = `S${seed}${String(checklist).padStart(7, '0')},${name},${scientific},${order},${count},${region},${county},${locationId},${location},${lat},${lon},${date},${time},eBird - Traveling Count,${20 + (checklist % 120)},1,${(checklist % 50) / 10}`;
      // 19 cells mostly; a species comment (21), now and then a checklist comment (22).
      if (s === 1) lines.push(`${base},,1,,Foraging along the path`);
      else if (s === 2 && checklist % 3 === 0) lines.push(`${base},,2,,,"Windy, light rain"`);
      else lines.push(`${base},,1`);
    }
  }
  return `${lines.join('\n')}\n`;
}
