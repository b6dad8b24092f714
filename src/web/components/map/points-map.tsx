import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { clusterIcon, pinIcon } from './map-icons';
import { readTileSettings } from './tile-settings';

// Several points on one map, fitted to them: an outing's logs. Logs at the same spot share one
// marker that names them all. Loaded on demand (lazy-points-map.tsx), as the point map is.

const tiles = readTileSettings(document);
const FIT = { padding: [32, 32] as [number, number], maxZoom: 15 };

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** What the point is: '3 × Song Thrush'. */
  label: string;
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
  for (const { latitude, longitude, label } of points) {
    const key = `${latitude},${longitude}`;
    const spot = spots.get(key) ?? { latitude, longitude, labels: [] };
    spot.labels.push(label);
    spots.set(key, spot);
  }
  return [...spots.values()];
}

export default function PointsMap({ points, label }: PointsMapProps) {
  const spots = useMemo(() => spotsOf(points), [points]);
  const first = spots[0];
  return (
    <MapContainer
      center={first ? [first.latitude, first.longitude] : [20, 0]}
      zoom={first ? FIT.maxZoom : 1}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <FitSpots spots={spots} />
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

function FitSpots({ spots }: { spots: Spot[] }) {
  const map = useMap();
  useEffect(() => {
    if (spots.length === 0) return;
    map.fitBounds(latLngBounds(spots.map((spot) => [spot.latitude, spot.longitude])), FIT);
  }, [map, spots]);
  return null;
}
