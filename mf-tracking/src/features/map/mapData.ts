// Pure map data (no maplibre here, tested in mapData.test.ts): the built-in style, GeoJSON of a route and its buses,
// and the bounds to fit.
import type { RouteDirection, Stop, Vehicle } from '../common/transit';

declare const process: { env: { SAWARI_MAP_STYLE_URL?: string } };
/** Build-time map style URL for deployments with a tile server (DefinePlugin); '' means the built-in style. */
export const MAP_STYLE_URL: string = process.env.SAWARI_MAP_STYLE_URL || '';

type Feature = {
  type: 'Feature';
  properties: Record<string, string | number | boolean>;
  geometry: { type: 'LineString' | 'Point'; coordinates: number[] | number[][] };
};
export type FeatureCollection = { type: 'FeatureCollection'; features: Feature[] };

export const ROUTE_SOURCE = 'sawari-route';
export const STOPS_SOURCE = 'sawari-stops';
export const BUSES_SOURCE = 'sawari-buses';
/** The city's whole network (GET /api/transit/network), drawn faintly under everything where there are no tiles. */
export const NETWORK_SOURCE = 'sawari-network';
/** A planned journey: its rides and walks, and its marked points. */
export const JOURNEY_SOURCE = 'sawari-journey';
export const JOURNEY_POINTS_SOURCE = 'sawari-journey-points';
/** The GeoJSON sources the overlay layers draw from (all empty until a screen sets them). */
export const OVERLAY_SOURCES = [NETWORK_SOURCE, ROUTE_SOURCE, JOURNEY_SOURCE, STOPS_SOURCE, JOURNEY_POINTS_SOURCE, BUSES_SOURCE] as const;

/** The map's colours (shared/ui theme.css, the --sawari-map-* tokens): light or dark with the system setting. */
export type MapPalette = {
  background: string;
  network: string;
  ferry: string;
  /** The light halo under a route line (any route colour stays readable on it, in both themes). */
  casing: string;
  /** The journey's start and end. */
  ink: string;
  /** The ring round the journey's end and the buses. */
  ring: string;
  /** A stop's circle (its outline is ink). */
  stop: string;
  walk: string;
  bus: string;
  earth: string;
  water: string;
  park: string;
  road: string;
  roadMajor: string;
};

/** The light theme's map colours (also the fallback for a token the page does not define). */
export const LIGHT_MAP: MapPalette = {
  background: '#eef2f5',
  network: '#64748b',
  ferry: '#0e7490',
  casing: '#ffffff',
  ink: '#111827',
  ring: '#ffffff',
  stop: '#ffffff',
  walk: '#374151',
  bus: '#1d4ed8',
  earth: '#f3f1ec',
  water: '#a9d3f0',
  park: '#d6ebc8',
  road: '#ffffff',
  roadMajor: '#fde68a',
};

const tokenName = (key: string) => `--sawari-map-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace('background', 'bg')}`;

/** The palette from the theme's tokens (`read('--sawari-map-bg')` → '#1c1f24'); a token missing or not a colour
 *  keeps its light value. */
export function mapPalette(read: (token: string) => string | null | undefined): MapPalette {
  const out = { ...LIGHT_MAP };
  for (const key of Object.keys(LIGHT_MAP) as (keyof MapPalette)[]) {
    const v = (read(tokenName(key)) ?? '').trim();
    if (/^#[0-9a-fA-F]{3,8}$/.test(v) || /^rgba?\([\d.,\s%]+\)$/.test(v)) out[key] = v;
  }
  return out;
}

/**
 * The style used when no tile server is configured: a plain background, then the route line, stop circles and bus
 * circles from GeoJSON sources. No glyphs, sprites or tiles: nothing is fetched from anywhere (CSP: 'self' only).
 * Bus labels are HTML markers for the same reason (text layers would need a glyph server).
 */
export function builtInStyle(lineColor = '#c2410c', palette: MapPalette = LIGHT_MAP) {
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  return {
    version: 8 as const,
    name: 'sawari-plain',
    sources: Object.fromEntries(OVERLAY_SOURCES.map((id) => [id, { type: 'geojson' as const, data: empty }])),
    layers: [backgroundLayer(palette), ...overlayLayers(lineColor, palette)],
  };
}

const backgroundLayer = (palette: MapPalette) => ({ id: 'background', type: 'background' as const, paint: { 'background-color': palette.background } });

export const TILES_SOURCE = 'sawari-tiles';

/** A city's tile source as GET /api/map-tiles?city= answers it (all null: none). */
export type MapTileSource = { tiles: string | null; pmtiles: string | null; vector: boolean; attribution: string | null };

/** The `pmtiles://` URL maplibre reads a PMTiles archive by (the `pmtiles` protocol), absolute on `origin`. */
export const pmtilesUrl = (path: string, origin: string): string => `pmtiles://${new URL(path, origin).href}`;

/**
 * Land, water, parks and roads from vector tiles of the two common schemas (Protomaps basemaps: earth, water,
 * landuse, roads; OpenMapTiles: water, park, transportation); a layer the archive lacks draws nothing. No names:
 * text layers would need a glyph server (the stop names and "You are here" are HTML markers, as without tiles).
 */
export function vectorBaseLayers(palette: MapPalette = LIGHT_MAP) {
  const { park: PARK, water: WATER, road: ROAD, roadMajor: MAJOR_ROAD } = palette;
  const src = { source: TILES_SOURCE };
  const width = (minor: number, major: number) => ['interpolate', ['linear'], ['zoom'], 10, minor, 16, major] as unknown as number;
  const kindIn = (prop: string, kinds: string[]) => ['in', ['get', prop], ['literal', kinds]] as unknown as boolean;
  const not = (f: boolean) => ['!', f] as unknown as boolean;
  const pmMajor = kindIn('kind', ['highway', 'major_road']);
  const omtMajor = kindIn('class', ['motorway', 'trunk', 'primary', 'secondary']);
  return [
    { id: 'pm-earth', type: 'fill' as const, ...src, 'source-layer': 'earth', paint: { 'fill-color': palette.earth } },
    {
      id: 'pm-park',
      type: 'fill' as const,
      ...src,
      'source-layer': 'landuse',
      filter: kindIn('kind', ['park', 'forest', 'wood', 'grass', 'garden', 'nature_reserve']),
      paint: { 'fill-color': PARK },
    },
    { id: 'omt-park', type: 'fill' as const, ...src, 'source-layer': 'park', paint: { 'fill-color': PARK } },
    { id: 'pm-water', type: 'fill' as const, ...src, 'source-layer': 'water', paint: { 'fill-color': WATER } },
    {
      id: 'pm-roads',
      type: 'line' as const,
      ...src,
      'source-layer': 'roads',
      filter: not(pmMajor),
      paint: { 'line-color': ROAD, 'line-width': width(0.5, 6) },
    },
    {
      id: 'pm-roads-major',
      type: 'line' as const,
      ...src,
      'source-layer': 'roads',
      filter: pmMajor,
      paint: { 'line-color': MAJOR_ROAD, 'line-width': width(1, 10) },
    },
    {
      id: 'omt-roads',
      type: 'line' as const,
      ...src,
      'source-layer': 'transportation',
      filter: not(omtMajor),
      paint: { 'line-color': ROAD, 'line-width': width(0.5, 6) },
    },
    {
      id: 'omt-roads-major',
      type: 'line' as const,
      ...src,
      'source-layer': 'transportation',
      filter: omtMajor,
      paint: { 'line-color': MAJOR_ROAD, 'line-width': width(1, 10) },
    },
  ];
}

/**
 * The built-in style over the city's tiles, under the route, stops and buses: raster tiles from a URL template
 * (SAWARI_MAP_TILES, `{z}/{x}/{y}`) or from a PMTiles archive (SAWARI_MAP_PMTILES, a `pmtiles://` URL: its zoom range
 * and bounds come from the archive), 256 px; or vector tiles from a PMTiles archive (land, water, parks and roads,
 * vectorBaseLayers). The water layer of both schemas is `water`, drawn once (pm-water). Without a source: the
 * built-in style as is.
 */
export function mapStyle(source: Pick<MapTileSource, 'tiles' | 'pmtiles' | 'vector'> | null, lineColor = '#c2410c', palette: MapPalette = LIGHT_MAP) {
  const plain = builtInStyle(lineColor, palette);
  const [background, ...overlay] = plain.layers;
  if (source?.pmtiles && source.vector)
    return {
      ...plain,
      sources: { [TILES_SOURCE]: { type: 'vector' as const, url: source.pmtiles }, ...plain.sources },
      layers: [background, ...vectorBaseLayers(palette), ...overlay],
    };
  const raster = source?.pmtiles
    ? { type: 'raster' as const, url: source.pmtiles, tileSize: 256 }
    : source?.tiles
      ? { type: 'raster' as const, tiles: [source.tiles], tileSize: 256, maxzoom: 19 }
      : null;
  if (!raster) return plain;
  return {
    ...plain,
    sources: { [TILES_SOURCE]: raster, ...plain.sources },
    layers: [background, { id: 'tiles', type: 'raster' as const, source: TILES_SOURCE }, ...overlay],
  };
}

const ride = ['==', ['get', 'kind'], 'ride'] as unknown as boolean;
const walk = ['==', ['get', 'kind'], 'walk'] as unknown as boolean;
const role = (...roles: string[]) => ['in', ['get', 'role'], ['literal', roles]] as unknown as boolean;

/**
 * The network, route, journey, stop and bus layers, bottom to top (added on top of an outside style too). The network
 * is faint (context, not information: it is not in the list alternative). Journey: rides in their colours over a white
 * casing, walks dashed, boarding points white with the ride's colour round them, alighting points filled with it,
 * changes larger, the journey's start and end dark; stops ridden past small.
 */
export function overlayLayers(lineColor = '#c2410c', palette: MapPalette = LIGHT_MAP) {
  const { casing, ink, ring, stop, walk: walkColor, bus } = palette;
  return [
    {
      id: 'network',
      type: 'line' as const,
      source: NETWORK_SOURCE,
      layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
      paint: {
        'line-color': ['match', ['get', 'mode'], 'FERRY', palette.ferry, palette.network] as unknown as string,
        'line-opacity': 0.4,
        'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.8, 16, 2.5] as unknown as number,
      },
    },
    {
      id: 'route-casing',
      type: 'line' as const,
      source: ROUTE_SOURCE,
      layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
      paint: { 'line-color': casing, 'line-width': 8 },
    },
    {
      id: 'route-line',
      type: 'line' as const,
      source: ROUTE_SOURCE,
      layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
      paint: { 'line-color': lineColor, 'line-width': 4 },
    },
    {
      id: 'journey-walk',
      type: 'line' as const,
      source: JOURNEY_SOURCE,
      filter: walk,
      layout: { 'line-join': 'round' as const },
      paint: { 'line-color': walkColor, 'line-width': 3, 'line-dasharray': [2, 1.5] },
    },
    {
      id: 'journey-casing',
      type: 'line' as const,
      source: JOURNEY_SOURCE,
      filter: ride,
      layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
      paint: { 'line-color': casing, 'line-width': 9 },
    },
    {
      id: 'journey-ride',
      type: 'line' as const,
      source: JOURNEY_SOURCE,
      filter: ride,
      layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
      paint: { 'line-color': ['get', 'color'] as unknown as string, 'line-width': 5 },
    },
    {
      id: 'stops',
      type: 'circle' as const,
      source: STOPS_SOURCE,
      paint: {
        'circle-radius': ['case', ['get', 'selected'], 8, 5] as unknown as number,
        'circle-color': ['case', ['get', 'selected'], ink, stop] as unknown as string,
        'circle-stroke-color': ink,
        'circle-stroke-width': 2,
      },
    },
    {
      id: 'journey-via',
      type: 'circle' as const,
      source: JOURNEY_POINTS_SOURCE,
      filter: role('via'),
      paint: { 'circle-radius': 3, 'circle-color': casing, 'circle-stroke-color': ['get', 'color'] as unknown as string, 'circle-stroke-width': 1.5 },
    },
    {
      id: 'journey-points',
      type: 'circle' as const,
      source: JOURNEY_POINTS_SOURCE,
      filter: role('start', 'end', 'board', 'alight', 'change'),
      paint: {
        'circle-radius': ['match', ['get', 'role'], 'change', 9, 'start', 6, 'end', 7, 7] as unknown as number,
        'circle-color': ['match', ['get', 'role'], 'alight', ['get', 'color'], 'end', ink, casing] as unknown as string,
        'circle-stroke-color': ['match', ['get', 'role'], 'alight', casing, 'start', ink, 'end', ring, ['get', 'color']] as unknown as string,
        'circle-stroke-width': ['match', ['get', 'role'], 'change', 4, 3] as unknown as number,
      },
    },
    {
      id: 'buses',
      type: 'circle' as const,
      source: BUSES_SOURCE,
      paint: { 'circle-radius': 9, 'circle-color': bus, 'circle-stroke-color': ring, 'circle-stroke-width': 3 },
    },
  ];
}

/** Every layer the palette colours (the ground, vector tiles' base, the overlay), to repaint a map in place when the
 *  system theme changes (a layer the map does not have is skipped by the caller). */
export function themedLayers(lineColor: string | undefined, palette: MapPalette) {
  return [backgroundLayer(palette), ...vectorBaseLayers(palette), ...overlayLayers(lineColor, palette)];
}

export function routeGeoJson(directions: readonly RouteDirection[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: directions
      .filter((d) => d.shape.length > 1)
      .map((d) => ({ type: 'Feature', properties: { directionId: d.directionId }, geometry: { type: 'LineString', coordinates: d.shape } })),
  };
}

export function stopsGeoJson(stops: readonly Stop[], selectedStopId?: string | null): FeatureCollection {
  const seen = new Set<string>();
  const features: Feature[] = [];
  for (const s of stops) {
    if (seen.has(s.stop_id)) continue;
    seen.add(s.stop_id);
    features.push({
      type: 'Feature',
      properties: { id: s.stop_id, name: s.stop_name, selected: s.stop_id === selectedStopId },
      geometry: { type: 'Point', coordinates: [s.stop_lon, s.stop_lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}

export function busesGeoJson(vehicles: readonly Pick<Vehicle, 'vNo' | 'lat' | 'lon'>[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: vehicles.map((v) => ({ type: 'Feature', properties: { vNo: v.vNo }, geometry: { type: 'Point', coordinates: [v.lon, v.lat] } })),
  };
}

export type LabelBox = { side: 'right' | 'left'; x0: number; y0: number; x1: number; y1: number };

/**
 * Where a stop's name goes: to the right of its point (8 px off) when it fits in the map's width, else to the left,
 * else on the side with more room; its box on screen. Names at the edge of the map flip inward instead of being cut.
 */
export function labelBox(x: number, y: number, width: number, height: number, mapWidth: number, gap = 8): LabelBox {
  const rightFits = x + gap + width <= mapWidth - 2;
  const leftFits = x - gap - width >= 2;
  const side = rightFits || (!leftFits && mapWidth - x >= x) ? 'right' : 'left';
  const x0 = side === 'right' ? x + gap : x - gap - width;
  return { side, x0, y0: y - height / 2, x1: x0 + width, y1: y + height / 2 };
}

/** [[west, south], [east, north]] around every point, or null when there is none. */
export function boundsOf(points: readonly (readonly [number, number])[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const [lon, lat] of points) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    w = Math.min(w, lon);
    e = Math.max(e, lon);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  if (!Number.isFinite(w)) return null;
  return [
    [w, s],
    [e, n],
  ];
}
