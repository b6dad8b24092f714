// What others use of the maps feature statically: the early start of /map (main.tsx). The map
// page itself loads lazily (app/router.tsx); the Leaflet pieces other features show a point
// with are in components/map/.
export { preloadMapPage } from './map-requests';
