import 'leaflet/dist/leaflet.css';
import type { LatLngBoundsExpression, Map as LeafletMap } from 'leaflet';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Circle,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import Supercluster from 'supercluster';
import { Link } from 'wouter';
import type { LogFeature } from '../../../common/maps/geo';
import { logPath } from '../../../common/routes';
import { formatUncertainty } from '@/components/map/coordinates';
import { clusterIcon, pinIcon } from '@/components/map/map-icons';
import { readTileSettings } from '@/components/map/tile-settings';
import { observedCount } from '@/lib/log-count';
import { formatObservedMedium } from '@/lib/log-dates';

// Every sighting of the map page, clustered with supercluster: only the clusters and points in
// view become markers, so 100,000 sightings cost what a few hundred markers cost. It comes with
// the map page's code, which loads only on /map.

type Sighting = LogFeature['properties'];

const tiles = readTileSettings(document);
const WORLD: LatLngBoundsExpression = [
  [-60, -170],
  [75, 170],
];
const FIT = { padding: [24, 24] as [number, number], maxZoom: 14 };

export interface ClusterMapProps {
  features: LogFeature[];
}

export function ClusterMap({ features }: ClusterMapProps) {
  const index = useMemo(
    () => new Supercluster<Sighting>({ radius: 60, maxZoom: 17 }).load(features),
    [features],
  );
  const bounds = useMemo(() => boundsOf(features), [features]);
  return (
    <MapContainer bounds={bounds ?? WORLD} boundsOptions={FIT} className="size-full" worldCopyJump>
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <Clusters index={index} bounds={bounds} />
    </MapContainer>
  );
}

function boundsOf(features: LogFeature[]): LatLngBoundsExpression | undefined {
  if (features.length === 0) return undefined;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const { geometry } of features) {
    const [lng, lat] = geometry.coordinates;
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

interface View {
  bbox: [number, number, number, number];
  zoom: number;
}

/** What supercluster needs of the view: a west-south-east-north box within ±180°, a whole zoom. */
function viewOf(map: LeafletMap): View {
  const bounds = map.getBounds();
  const west = bounds.getWest();
  const east = bounds.getEast();
  const whole = east - west >= 360;
  return {
    bbox: [
      whole ? -180 : Math.max(-180, west),
      Math.max(-90, bounds.getSouth()),
      whole ? 180 : Math.min(180, east),
      Math.min(90, bounds.getNorth()),
    ],
    zoom: Math.round(map.getZoom()),
  };
}

function Clusters({
  index,
  bounds,
}: {
  index: Supercluster<Sighting>;
  bounds: LatLngBoundsExpression | undefined;
}) {
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });
  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (!bounds) return;
    // other filters, other sightings: glide to them; the first ones are shown in place, before
    // the browser paints the world view the map started with while they loaded
    map.fitBounds(bounds, { ...FIT, animate: fitted.current });
    if (!fitted.current) setView(viewOf(map)); // no animation: moveend came before useMapEvents
    fitted.current = true;
  }, [map, bounds]);

  const clusters = index.getClusters(view.bbox, view.zoom);
  return clusters.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const { properties } = feature;
    if ('cluster' in properties && properties.cluster) {
      const { cluster_id: id, point_count: count } = properties;
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count, properties.point_count_abbreviated.toString())}
          title={`${count.toLocaleString()} sightings: zoom in`}
          eventHandlers={{
            click: () => map.setView([lat, lng], index.getClusterExpansionZoom(id)),
          }}
        />
      );
    }
    const sighting = properties as Sighting;
    const marker = (
      <Marker key={sighting.id} position={[lat, lng]} icon={pinIcon} title={sighting.species}>
        <Popup>
          <SightingPopup sighting={sighting} />
        </Popup>
      </Marker>
    );
    if (!sighting.coordinateUncertainty) return marker;
    // a lone point only: a cluster stands for many, each as uncertain as it is
    return [
      <Circle
        key={`${sighting.id}-uncertainty`}
        center={[lat, lng]}
        radius={sighting.coordinateUncertainty}
        pathOptions={{ weight: 1, fillOpacity: 0.1 }}
        className="uncertainty-circle"
        interactive={false}
      />,
      marker,
    ];
  });
}

function SightingPopup({ sighting }: { sighting: Sighting }) {
  return (
    <div className="grid gap-1 text-sm">
      <strong className="text-base">{sighting.species}</strong>
      <span>
        {observedCount(sighting.count)} · {formatObservedMedium(sighting)}
      </span>
      {sighting.coordinateUncertainty && (
        <span>{formatUncertainty(sighting.coordinateUncertainty)}</span>
      )}
      <Link href={logPath(sighting.id)} className="font-medium">
        View log
      </Link>
    </div>
  );
}
