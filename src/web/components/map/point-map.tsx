import 'leaflet/dist/leaflet.css';
import {
  latLng,
  type LatLngExpression,
  type LeafletMouseEvent,
  type Marker as LeafletMarker,
} from 'leaflet';
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
  /** How far off the point may be, in metres: drawn as a circle around it. */
  uncertainty?: number | null;
  /** Clicking the map or dragging the pin picks a point (the form). */
  onPick?: (latitude: number, longitude: number) => void;
  /** Names the pin for screen readers. */
  label: string;
}

export default function PointMap({
  point,
  approximate = false,
  uncertainty,
  onPick,
  label,
}: PointMapProps) {
  // a rounded point is somewhere in its 1 km area, or farther when the point was that uncertain
  const radius = approximate
    ? Math.max(APPROXIMATE_RADIUS_M, uncertainty ?? 0)
    : (uncertainty ?? undefined);
  return (
    <MapContainer
      center={point ?? [20, 0]}
      zoom={point ? POINT_ZOOM : WORLD_ZOOM}
      scrollWheelZoom={false} // the page scrolls past the map
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      {point && <FollowPoint point={point} radius={radius} />}
      {point && radius && (
        <Circle
          center={point}
          radius={radius}
          pathOptions={{ weight: 2, ...(approximate ? {} : { fillOpacity: 0.1 }) }}
          className={approximate ? undefined : 'uncertainty-circle'}
        />
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

/**
 * Keeps the point in view when it changes from outside (typed, located, read from a photo), and
 * its uncertainty circle when that is larger than the view.
 */
function FollowPoint({
  point: [latitude, longitude],
  radius,
}: {
  point: [number, number];
  radius: number | undefined;
}) {
  const map = useMap();
  useEffect(() => {
    const circle = radius ? latLng(latitude, longitude).toBounds(radius * 2) : undefined;
    if (circle && !map.getBounds().contains(circle)) {
      map.fitBounds(circle, { maxZoom: POINT_ZOOM });
    } else if (!map.getBounds().contains([latitude, longitude])) {
      map.setView([latitude, longitude], Math.max(map.getZoom(), POINT_ZOOM));
    }
  }, [map, latitude, longitude, radius]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (latitude: number, longitude: number) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick(event.latlng.lat, event.latlng.wrap().lng),
  });
  return null;
}
