import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Popup, Rectangle, TileLayer, useMap } from 'react-leaflet';
import type { GeoCell } from '../../../common/location-privacy';
import { cellStyle, clusterIcon, pinIcon } from './map-icons';
import { readTileSettings } from './tile-settings';

// Several points on one map, fitted to them: an outing's logs. Logs at the same spot share one
// marker that names them all; obscured ones on a shared page show as their cells (issue 35).
// Loaded on demand (lazy-points-map.tsx), as the point map is.

const tiles = readTileSettings(document);
const FIT = { padding: [32, 32] as [number, number], maxZoom: 15 };

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** What the point is: '3 × Song Thrush'. */
  label: string;
  /** An obscured place on a shared page (issue 35): its cell is drawn, not its point. */
  cell?: GeoCell | null;
}

export interface PointsMapProps {
  points: MapPoint[];
  /** Names the map's markers for screen readers, e.g. 'Sightings of this outing'. */
  label: string;
}

interface Spot {
  latitude: number;
  longitude: number;
  labels: string[];
}

function spotsOf(points: MapPoint[]): Spot[] {
  const spots = new Map<string, Spot>();
  for (const { latitude, longitude, label, cell } of points) {
    if (cell) continue;
    const key = `${latitude},${longitude}`;
    const spot = spots.get(key) ?? { latitude, longitude, labels: [] };
    spot.labels.push(label);
    spots.set(key, spot);
  }
  return [...spots.values()];
}

/** Obscured places, a cell each, with what was seen in it. */
function cellsOf(points: MapPoint[]): Array<{ cell: GeoCell; labels: string[] }> {
  const cells = new Map<string, { cell: GeoCell; labels: string[] }>();
  for (const { cell, label } of points) {
    if (!cell) continue;
    const key = `${cell.south},${cell.west}`;
    const found = cells.get(key) ?? { cell, labels: [] };
    found.labels.push(label);
    cells.set(key, found);
  }
  return [...cells.values()];
}

const corners = ({ south, west, north, east }: GeoCell): Array<[number, number]> => [
  [south, west],
  [north, east],
];

export default function PointsMap({ points, label }: PointsMapProps) {
  const spots = useMemo(() => spotsOf(points), [points]);
  const cells = useMemo(() => cellsOf(points), [points]);
  const fitted = useMemo(
    () => [
      ...spots.map((spot): [number, number] => [spot.latitude, spot.longitude]),
      ...cells.flatMap(({ cell }) => corners(cell)),
    ],
    [spots, cells],
  );
  const first = fitted[0];
  return (
    <MapContainer
      center={first ?? [20, 0]}
      zoom={first ? FIT.maxZoom : 1}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <FitPoints points={fitted} />
      {cells.map(({ cell, labels }) => (
        <Rectangle
          key={`${cell.south},${cell.west}`}
          bounds={corners(cell)}
          pathOptions={cellStyle}
          className="location-cell"
        >
          <Popup>
            <ul className="grid gap-0.5">
              {labels.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          </Popup>
        </Rectangle>
      ))}
      {spots.map((spot) => (
        <Marker
          key={`${spot.latitude},${spot.longitude}`}
          position={[spot.latitude, spot.longitude]}
          icon={
            spot.labels.length > 1
              ? clusterIcon(spot.labels.length, spot.labels.length.toLocaleString())
              : pinIcon
          }
          title={`${label}: ${spot.labels.join(', ')}`}
        >
          <Popup>
            <ul className="grid gap-0.5">
              {spot.labels.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}

function FitPoints({ points }: { points: Array<[number, number]> }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    map.fitBounds(latLngBounds(points), FIT);
  }, [map, points]);
  return null;
}
