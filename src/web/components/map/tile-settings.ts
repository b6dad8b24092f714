// The map's tiles: the server writes MAP_TILE_URL and MAP_ATTRIBUTION into index.html's meta
// tags (src/server/web-app.ts); the defaults are for the dev server, which serves index.html raw.

export interface TileSettings {
  url: string;
  attribution: string;
}

const OPENSTREETMAP: TileSettings = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export function readTileSettings(doc: Pick<Document, 'querySelector'>): TileSettings {
  const meta = (name: string) =>
    doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return {
    url: meta('map-tile-url') || OPENSTREETMAP.url,
    attribution: meta('map-attribution') || OPENSTREETMAP.attribution,
  };
}
