// What other features may use of the maps feature; Leaflet itself loads only with a map.
export { LocationFields } from './location-fields';
export { LogLocation, type LogLocationProps } from './log-location';
