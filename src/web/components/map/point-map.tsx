import 'leaflet/dist/leaflet.css';
import {
  latLng,
  latLngBounds,
  type LatLngExpression,
  type LeafletMouseEvent,
  type Marker as LeafletMarker,
} from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import {
  Circle,
  MapContainer,
  Marker,
  Rectangle,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import type { GeoCell } from '../../../common/location-privacy';
import { cellStyle, pinIcon } from './map-icons';
import { readTileSettings } from './tile-settings';

// One point on a map: the details page, the shared page and the form's picker; or, for an
// obscured place on a shared page, the square it lies in. Loaded on demand (React.lazy) so pages
// without a map never download Leaflet.

const tiles = readTileSettings(document);
const POINT_ZOOM = 13;
/** A point set from outside the map (located, typed, read from a photo) is shown this close. */
const STREET_ZOOM = 16;
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
  /** An obscured place (issue 35): the cell it lies in, drawn instead of a point. */
  cell?: GeoCell | null;
}

export default function PointMap({
  point,
  approximate = false,
  uncertainty,
  onPick: pick,
  label,
  cell,
}: PointMapProps) {
  // the point the map itself set (a click, a drag): the map stays where the person put it
  const [picked, setPicked] = useState<string>();
  const onPick = useMemo(
    () =>
      pick &&
      ((latitude: number, longitude: number) => {
        setPicked(`${latitude},${longitude}`);
        pick(latitude, longitude);
      }),
    [pick],
  );
  // a rounded point is somewhere in its 1 km area, or farther when the point was that uncertain
  const radius = approximate
    ? Math.max(APPROXIMATE_RADIUS_M, uncertainty ?? 0)
    : (uncertainty ?? undefined);
  if (cell) return <CellMap cell={cell} />;
  return (
    <MapContainer
      center={point ?? [20, 0]}
      zoom={point ? POINT_ZOOM : WORLD_ZOOM}
      scrollWheelZoom={false} // the page scrolls past the map
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      {point &&
        (onPick ? (
          <ZoomToPoint point={point} radius={radius} picked={picked} />
        ) : (
          <FollowPoint point={point} radius={radius} />
        ))}
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

/** The cell of an obscured place, about 22 km across: the point is somewhere in it. */
function CellMap({ cell: { south, west, north, east } }: { cell: GeoCell }) {
  const bounds = useMemo(
    () => latLngBounds([south, west], [north, east]),
    [south, west, north, east],
  );
  return (
    <MapContainer
      bounds={bounds}
      boundsOptions={{ padding: [24, 24] }}
      zoomSnap={0.25} // whole zoom steps would leave the square small in its map
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <Rectangle bounds={bounds} pathOptions={cellStyle} className="location-cell" />
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
 * Keeps the point in view when it changes (the details page), and its uncertainty circle when
 * that is larger than the view.
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

/**
 * The form's picker (issue 23): a point set from outside the map (located, typed, read from a
 * photo) is shown at street level, or with its whole uncertainty circle, so the pin can be
 * checked; a point set on the map (a click, a drag) leaves the view where the person put it.
 */
function ZoomToPoint({
  point: [latitude, longitude],
  radius,
  picked,
}: {
  point: [number, number];
  radius: number | undefined;
  /** The last point set on the map itself, as 'latitude,longitude'. */
  picked: string | undefined;
}) {
  const map = useMap();
  useEffect(() => {
    if (picked === `${latitude},${longitude}`) return; // set on the map: stay
    const circle = radius ? latLng(latitude, longitude).toBounds(radius * 2) : undefined;
    if (circle && circle.getNorthEast().distanceTo(circle.getSouthWest()) > 300) {
      // an uncertain point: its whole circle in view, however close that is
      map.fitBounds(circle, { maxZoom: STREET_ZOOM });
    } else {
      // close enough to check the pin against the streets, even from the world view
      map.setView([latitude, longitude], Math.max(map.getZoom(), STREET_ZOOM));
    }
  }, [map, latitude, longitude, radius, picked]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (latitude: number, longitude: number) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick(event.latlng.lat, event.latlng.wrap().lng),
  });
  return null;
}
