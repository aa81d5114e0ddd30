// MapLibre's CSP build (no blob: worker): same API as the package's main build.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  export * from 'maplibre-gl';
}
