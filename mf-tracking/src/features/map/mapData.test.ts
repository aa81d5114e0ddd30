import fs from 'node:fs';
import path from 'node:path';
import {
  LIGHT_MAP,
  boundsOf,
  builtInStyle,
  busesGeoJson,
  labelBox,
  mapPalette,
  mapStyle,
  pmtilesUrl,
  routeGeoJson,
  stopsGeoJson,
  themedLayers,
} from './mapData';

const OVERLAY = ['network', 'route-casing', 'route-line', 'journey-walk', 'journey-casing', 'journey-ride', 'stops', 'journey-via', 'journey-points', 'buses'];

const stop = (id: string, lat: number, lon: number) => ({
  stop_id: id,
  stop_name: `Stop ${id}`,
  stop_lat: lat,
  stop_lon: lon,
  result_type: 'STOP' as const,
  station_type: null,
  transport_type: null,
});

describe('map data', () => {
  it('the built-in style fetches nothing: no tiles, glyphs or sprites', () => {
    const style = builtInStyle();
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    expect(Object.values(style.sources).every((s) => s.type === 'geojson')).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual(['background', ...OVERLAY]);
    // The network lies under everything else; the journey over the route, its points over the stops.
    expect(Object.keys(style.sources)).toEqual(['sawari-network', 'sawari-route', 'sawari-journey', 'sawari-stops', 'sawari-journey-points', 'sawari-buses']);
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });
  it('without a tile source the style is the built-in one; with a template or a PMTiles file, raster tiles lie under the route, stops and buses', () => {
    expect(mapStyle(null, '#123456')).toEqual(builtInStyle('#123456'));
    expect(mapStyle({ tiles: null, pmtiles: null, vector: false }, '#123456')).toEqual(builtInStyle('#123456'));
    const tiled = mapStyle({ tiles: 'https://tiles.example.org/{z}/{x}/{y}.png', pmtiles: null, vector: false });
    expect((tiled.sources as Record<string, unknown>)['sawari-tiles']).toEqual({
      type: 'raster',
      tiles: ['https://tiles.example.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
    });
    expect(tiled.layers.map((l) => l.id)).toEqual(['background', 'tiles', ...OVERLAY]);
    expect(tiled).not.toHaveProperty('glyphs');
    const url = pmtilesUrl('/api/map-tiles/kochi.pmtiles', 'https://sawari.example.in');
    expect(url).toBe('pmtiles://https://sawari.example.in/api/map-tiles/kochi.pmtiles');
    const archive = mapStyle({ tiles: null, pmtiles: url, vector: false });
    expect((archive.sources as Record<string, unknown>)['sawari-tiles']).toEqual({ type: 'raster', url, tileSize: 256 });
    expect(archive.layers.map((l) => l.id)).toEqual(tiled.layers.map((l) => l.id));
    // Vector tiles: land, parks, water and roads of both common schemas, under the route; still no glyphs or sprites.
    const vector = mapStyle({ tiles: null, pmtiles: url, vector: true });
    expect((vector.sources as Record<string, unknown>)['sawari-tiles']).toEqual({ type: 'vector', url });
    const layers = vector.layers as { id: string; type: string; source?: string; 'source-layer'?: string }[];
    expect(layers.map((l) => l.id)).toEqual([
      'background',
      ...['pm-earth', 'pm-park', 'omt-park', 'pm-water', 'pm-roads', 'pm-roads-major', 'omt-roads', 'omt-roads-major'],
      ...OVERLAY,
    ]);
    expect(layers.filter((l) => l.source === 'sawari-tiles').every((l) => l['source-layer'] && (l.type === 'fill' || l.type === 'line'))).toBe(true);
    expect(vector).not.toHaveProperty('glyphs');
    expect(vector).not.toHaveProperty('sprite');
  });
  it('takes its colours from the theme: the light tokens are the light palette, the dark ones give a dark ground', () => {
    const css = fs.readFileSync(path.join(__dirname, '../../../../shared/ui/src/theme.css'), 'utf8');
    const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');
    const read = (block: string) => (token: string) => new RegExp(`${token}:\\s*(#[0-9a-f]{6});`).exec(block)?.[1];
    const light = mapPalette(read(css.slice(0, darkAt)));
    const dark = mapPalette(read(css.slice(darkAt)));
    expect(light).toEqual(LIGHT_MAP);
    for (const key of Object.keys(LIGHT_MAP) as (keyof typeof LIGHT_MAP)[]) expect(dark[key]).not.toBe(light[key]);
    const lum = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lum(dark.background)).toBeLessThan(150);
    expect(lum(light.background)).toBeGreaterThan(600);
    // A missing or odd value keeps the light colour.
    expect(mapPalette(() => '')).toEqual(LIGHT_MAP);
    expect(mapPalette((t) => (t === '--sawari-map-bg' ? 'url(x)' : t === '--sawari-map-road-major' ? ' #123456 ' : null))).toEqual({
      ...LIGHT_MAP,
      roadMajor: '#123456',
    });
  });
  it('paints every layer from the palette: the dark style carries no light colour but the route colours', () => {
    const dark = mapPalette((t) =>
      t === '--sawari-map-bg' ? '#1c1f24' : t === '--sawari-map-walk' ? '#d1d5db' : t === '--sawari-map-casing' ? '#e5e7eb' : null,
    );
    const style = builtInStyle('#c2410c', dark);
    const layer = (id: string) => style.layers.find((l) => l.id === id) as { paint: Record<string, unknown> };
    expect(layer('background').paint['background-color']).toBe('#1c1f24');
    expect(layer('journey-walk').paint['line-color']).toBe('#d1d5db');
    expect(layer('journey-casing').paint['line-color']).toBe('#e5e7eb');
    // A ride keeps its route's colour (from the feature) in both themes.
    expect(layer('journey-ride').paint['line-color']).toEqual(['get', 'color']);
    expect(layer('route-line').paint['line-color']).toBe('#c2410c');
    const vector = mapStyle({ tiles: null, pmtiles: 'pmtiles://x', vector: true }, undefined, { ...dark, earth: '#222222' });
    expect(JSON.stringify(vector.layers.find((l) => l.id === 'pm-earth'))).toContain('#222222');
    // What a theme change repaints: the same layers as the vector style, each with a paint.
    expect(themedLayers(undefined, dark).map((l) => l.id)).toEqual(vector.layers.map((l) => l.id));
  });
  it('turns shapes, stops and buses into GeoJSON ([lon, lat])', () => {
    const route = routeGeoJson([
      {
        directionId: 0,
        headsign: 'A',
        stops: [],
        shape: [
          [72.8, 19.0],
          [72.9, 19.1],
        ],
      },
      { directionId: 1, headsign: 'B', stops: [], shape: [] },
    ]);
    expect(route.features).toHaveLength(1);
    const stops = stopsGeoJson([stop('1', 19, 72.8), stop('2', 19.1, 72.9), stop('1', 19, 72.8)], '2');
    expect(stops.features.map((f) => [f.properties.id, f.properties.selected, f.geometry.coordinates])).toEqual([
      ['1', false, [72.8, 19]],
      ['2', true, [72.9, 19.1]],
    ]);
    expect(busesGeoJson([{ vNo: 'MH01', lat: 19.05, lon: 72.85 }]).features[0].geometry.coordinates).toEqual([72.85, 19.05]);
  });
  it('fits bounds around the points', () => {
    expect(
      boundsOf([
        [72.8, 19.1],
        [72.9, 19.0],
      ]),
    ).toEqual([
      [72.8, 19.0],
      [72.9, 19.1],
    ]);
    expect(boundsOf([])).toBeNull();
  });
  it("puts a stop's name to the right of its point, to the left where the right would cut it, and never past the map", () => {
    // A 360 px map; a 100 px name 20 px high.
    expect(labelBox(50, 100, 100, 20, 360)).toEqual({ side: 'right', x0: 58, y0: 90, x1: 158, y1: 110 });
    expect(labelBox(300, 100, 100, 20, 360)).toEqual({ side: 'left', x0: 192, y0: 90, x1: 292, y1: 110 });
    // Too wide for either side: the side with more room.
    expect(labelBox(100, 50, 300, 20, 360).side).toBe('right');
    expect(labelBox(260, 50, 300, 20, 360).side).toBe('left');
  });
});
