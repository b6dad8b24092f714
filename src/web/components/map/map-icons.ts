import { divIcon } from 'leaflet';

// Markers drawn with HTML and Tailwind classes: no marker images to resolve or to fetch.

// Each marker is a 44 × 44 px target, for a finger (issue 34; WCAG 2.5.5), whatever it draws.
const TARGET = 44;

// the pin's 24 units drawn 32 px wide, as before, with the rest of the 44 px around it (33 units)
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4.5 -4.5 33 33" width="44" height="44" aria-hidden="true">' +
  '<path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7z" fill="currentColor" stroke="white" stroke-width="1.5"/>' +
  '<circle cx="12" cy="9" r="2.6" fill="white"/></svg>';

/** One sighting: a pin whose tip is the point. */
export const pinIcon = divIcon({
  html: PIN_SVG,
  className: 'map-pin text-primary drop-shadow',
  iconSize: [TARGET, TARGET],
  iconAnchor: [22, 35], // the tip: (12, 21.75) in the path's units
  popupAnchor: [0, -28],
});

const clusterSize = (count: number) =>
  count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 50;

const clusterIcons = new Map<string, ReturnType<typeof divIcon>>();

/** Several sightings close together at this zoom: a disc with their number. */
export function clusterIcon(count: number, label: string) {
  const size = clusterSize(count);
  const key = `${size}:${label}`; // one icon per look: markers keep theirs across moves
  const known = clusterIcons.get(key);
  if (known) return known;
  const target = Math.max(size, TARGET);
  const icon = divIcon({
    // the disc is the label, centred in the target: Leaflet's own CSS keeps the icon itself
    // display: block
    html:
      `<span class="absolute inset-0 m-auto flex items-center justify-center rounded-full border-2 border-white bg-primary/85 text-xs font-semibold text-primary-foreground shadow-md" style="width:${size}px;height:${size}px" aria-hidden="true">` +
      `${label}</span>`,
    className: 'map-cluster',
    iconSize: [target, target],
  });
  clusterIcons.set(key, icon);
  return icon;
}

/** An obscured place's cell (issue 35): an area drawn dashed, not a point. */
export const cellStyle = { weight: 2, dashArray: '6 4', fillOpacity: 0.15 };
