import 'leaflet/dist/leaflet.css';
import type { LatLngExpression, LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { pinIcon } from './map-icons';
import { readTileSettings } from './tile-settings';

// One point on a map: the details page, the shared page and the form's picker. Loaded on
// demand (React.lazy) so pages without a map never download Leaflet.

const tiles = readTileSettings(document);
const POINT_ZOOM = 13;
const WORLD_ZOOM = 1;
const APPROXIMATE_RADIUS_M = 1000; // 0.01° is about 1.1 km of latitude

export interface PointMapProps {
  /** [latitude, longitude], or null for no point yet (the form). */
  point: [number, number] | null;
  /** The point is rounded: drawn as an area, not a pin. */
  approximate?: boolean;
  /** Clicking the map or dragging the pin picks a point (the form). */
  onPick?: (latitude: number, longitude: number) => void;
  /** Names the pin for screen readers. */
  label: string;
}

export default function PointMap({ point, approximate = false, onPick, label }: PointMapProps) {
  return (
    <MapContainer
      center={point ?? [20, 0]}
      zoom={point ? POINT_ZOOM : WORLD_ZOOM}
      scrollWheelZoom={false} // the page scrolls past the map
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      {point && <FollowPoint point={point} />}
      {point && approximate && (
        <Circle center={point} radius={APPROXIMATE_RADIUS_M} pathOptions={{ weight: 2 }} />
      )}
      {point && !approximate && <Pin point={point} label={label} onPick={onPick} />}
      {onPick && <PickOnClick onPick={onPick} />}
    </MapContainer>
  );
}

function Pin({
  point,
  label,
  onPick,
}: Pick<PointMapProps, 'label' | 'onPick'> & { point: LatLngExpression }) {
  const handlers = useMemo(
    () => ({
      dragend: (event: { target: LeafletMarker }) => {
        const { lat, lng } = event.target.getLatLng().wrap();
        onPick?.(lat, lng);
      },
    }),
    [onPick],
  );
  return (
    <Marker
      position={point}
      icon={pinIcon}
      title={label}
      draggable={Boolean(onPick)}
      eventHandlers={handlers}
    />
  );
}

/** Keeps the point in view when it changes from outside (typed, located, read from a photo). */
function FollowPoint({ point: [latitude, longitude] }: { point: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains([latitude, longitude])) {
      map.setView([latitude, longitude], Math.max(map.getZoom(), POINT_ZOOM));
    }
  }, [map, latitude, longitude]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (latitude: number, longitude: number) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick(event.latlng.lat, event.latlng.wrap().lng),
  });
  return null;
}
