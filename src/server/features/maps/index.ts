// What app.ts and other features may use of the maps feature: the map's route, and the one
// GeoJSON encoder, which the GeoJSON export writes its features with.
export { featureCollectionJson, pointFeatureJson, streamFeatureCollection } from './geojson.js';
export { mapsRoutes } from './routes.js';
