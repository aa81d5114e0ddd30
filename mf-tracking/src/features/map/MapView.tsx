import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Map as MapLibreMap, Marker, GeoJSONSource } from 'maplibre-gl';
import { escapeHtml } from '@sawari/domain';
import { apiFetch } from '@sawari/runtime';
import type { RouteDirection, Stop, Vehicle } from '../common/transit';
import type { NetworkMap } from '@sawari/contracts';
import {
  BUSES_SOURCE,
  JOURNEY_POINTS_SOURCE,
  JOURNEY_SOURCE,
  MAP_STYLE_URL,
  NETWORK_SOURCE,
  OVERLAY_SOURCES,
  ROUTE_SOURCE,
  STOPS_SOURCE,
  boundsOf,
  busesGeoJson,
  labelBox,
  mapPalette,
  mapStyle,
  overlayLayers,
  themedLayers,
  pmtilesUrl,
  routeGeoJson,
  stopsGeoJson,
  type MapPalette,
  type MapTileSource,
} from './mapData';
import type { JourneyMap } from './journey';
import { shiftToShow } from './visible';
import { useGeolocation } from '../common/useGeolocation';
import { useCityId } from '../common/city';
import styles from '../common/tracking.module.css';
import mapStyles from './map.module.css';

type Lib = typeof import('maplibre-gl');
let libPromise: Promise<Lib> | null = null;
const loadLib = (): Promise<Lib> => {
  libPromise ??= import(/* webpackChunkName: "maplibre" */ './maplibre').then((m) => m.maplibregl as unknown as Lib);
  libPromise.catch(() => (libPromise = null));
  return libPromise;
};

/** The city's tile source (GET /api/map-tiles?city=), asked once per city and page; null when it has none or the
 *  server cannot be reached (offline): the built-in style then, as without tiles. A PMTiles source also loads the
 *  `pmtiles` protocol (its own chunk) before the map starts. */
const sources = new Map<string, Promise<MapTileSource | null>>();
const loadSource = (city: string, lib: Promise<Lib>): Promise<MapTileSource | null> => {
  let p = sources.get(city);
  if (!p) {
    p = apiFetch<MapTileSource>(`/map-tiles?city=${encodeURIComponent(city)}`)
      .then(async (s) => {
        if (!s.pmtiles) return s.tiles ? s : null;
        const [{ addPmtilesProtocol }, l] = await Promise.all([import(/* webpackChunkName: "pmtiles" */ './pmtiles'), lib]);
        addPmtilesProtocol(l);
        return { ...s, pmtiles: pmtilesUrl(s.pmtiles, location.origin) };
      })
      .catch(() => {
        sources.delete(city);
        return null;
      });
    sources.set(city, p);
  }
  return p;
};

/** The city's network (GET /api/transit/network?city=), asked once per city and page, only when a map without tiles shows. */
const networks = new Map<string, Promise<NetworkMap | null>>();
const loadNetwork = (city: string): Promise<NetworkMap | null> => {
  let p = networks.get(city);
  if (!p) {
    p = apiFetch<NetworkMap>(`/transit/network?city=${encodeURIComponent(city)}`).catch(() => {
      networks.delete(city);
      return null;
    });
    networks.set(city, p);
  }
  return p;
};

/**
 * Places each stop name beside its point, on the side where the map does not cut it (labelBox), and shows those that
 * do not overlap a name shown before them (screen boxes, 4 px apart; markers in order of importance); hides the rest. The label is the marker's only
 * child, positioned inside a zero-size marker element.
 */
function placeLabels(m: MapLibreMap, markers: readonly Marker[]): void {
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const width = m.getContainer().clientWidth;
  for (const mk of markers) {
    const label = mk.getElement().firstElementChild as HTMLElement | null;
    if (!label) continue;
    const p = m.project(mk.getLngLat());
    const box = labelBox(p.x, p.y, label.offsetWidth, label.offsetHeight, width);
    label.style.left = box.side === 'right' ? '8px' : '';
    label.style.right = box.side === 'left' ? '8px' : '';
    label.dataset.side = box.side;
    const b = { x0: box.x0 - 4, y0: box.y0 - 4, x1: box.x1 + 4, y1: box.y1 + 4 };
    const free = !placed.some((o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1);
    if (free) placed.push(b);
    label.style.visibility = free ? 'visible' : 'hidden';
  }
}

/** The map's colours from the page's theme tokens (light or dark with the system setting). */
const themePalette = (): MapPalette => {
  const css = getComputedStyle(document.documentElement);
  return mapPalette((token) => css.getPropertyValue(token));
};
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Room around what the map is fitted to (px): the zoom buttons at the top right, the scale at the bottom left. */
const FIT_PADDING = { top: 48, right: 48, bottom: 40, left: 40 };

/**
 * What the map shows, for tests and tools (data attributes on the map element, set when the map is idle): the
 * features drawn in view per layer group, and whether every fitted point and every shown name is inside the map.
 */
function describeMap(m: MapLibreMap, fitPoints: readonly [number, number][], labels: readonly Marker[]): Record<string, string> {
  const drawn = (layer: string) => (m.getLayer(layer) ? m.queryRenderedFeatures({ layers: [layer] }) : []);
  const distinct = (values: unknown[]) => [...new Set(values.map(String))].sort().join(' ');
  const rides = drawn('journey-ride');
  const box = m.getContainer().getBoundingClientRect();
  const inside = (r: DOMRect) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  const out = fitPoints.filter(([lon, lat]) => {
    const p = m.project([lon, lat]);
    return p.x < 0 || p.y < 0 || p.x > box.width || p.y > box.height;
  }).length;
  const shown = labels
    .map((mk) => mk.getElement().firstElementChild as HTMLElement | null)
    .filter((l): l is HTMLElement => !!l && l.style.visibility !== 'hidden');
  return {
    /** Legs drawn as rides, by their index in the itinerary, each with its colour ("1:#0000ff 3:#334155"). */
    drawnRides: distinct(rides.map((f) => `${f.properties.index}:${f.properties.color}`)),
    drawnWalks: distinct(drawn('journey-walk').map((f) => f.properties.index)),
    drawnPoints: distinct(drawn('journey-points').map((f) => f.properties.role)),
    drawnNetwork: String(drawn('network').length),
    drawnRoute: String(drawn('route-line').length),
    /** The ground's colour (the theme's --sawari-map-bg). */
    mapBackground: String(m.getLayer('background') ? m.getPaintProperty('background', 'background-color') : ''),
    pointsOutside: String(out),
    labelsShown: String(shown.length),
    labelsCut: String(shown.filter((l) => !inside(l.getBoundingClientRect())).length),
  };
}

export type MapViewProps = {
  directions?: readonly RouteDirection[];
  stops: readonly Stop[];
  buses?: readonly Pick<Vehicle, 'vNo' | 'lat' | 'lon'>[];
  selectedStopId?: string | null;
  /** A bus to keep in view (follow-one-bus screen). */
  focusBus?: string | null;
  color?: string | null;
  /** Where the list alternative is (an element id), announced with the map. */
  listId: string;
  /** Message id of the note saying where the same information is in text (default: the list below). */
  noteId?: string;
  /** Whose tile source to draw (default: the rider's chosen city). */
  city?: string | null;
  /** A planned journey to draw (its rides, walks and marked points); its named points are labelled instead of `stops`. */
  journey?: JourneyMap | null;
};

/**
 * The route's shape, its stops and live buses on a map (maplibre-gl, loaded only here). The map is a picture of the
 * list that follows it (listId): keyboard and screen-reader users get everything from that list.
 */
export default function MapView({
  directions = [],
  stops,
  buses = [],
  selectedStopId,
  focusBus,
  color,
  listId,
  noteId = 'map.listNote',
  city,
  journey,
}: MapViewProps) {
  const intl = useIntl();
  const chosenCity = useCityId();
  const tileCity = city ?? chosenCity;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const stopMarkers = useRef<Marker[]>([]);
  const youMarker = useRef<Marker | null>(null);
  /** Centre on the rider once located (after "Show where I am", not when located without asking). */
  const wantCentre = useRef(false);
  const [geo, locate] = useGeolocation();
  /** The bounds last fitted to (as a key), and whether the rider has moved the map since. */
  const fitted = useRef<string | null>(null);
  const fitBounds = useRef<[[number, number], [number, number]] | null>(null);
  const riderMoved = useRef(false);
  const fitPoints = useRef<[number, number][]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [lib, setLib] = useState<Lib | null>(null);
  const source = useRef<MapTileSource | null>(null);
  const [credit, setCredit] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const lib = loadLib();
    Promise.all([lib, MAP_STYLE_URL || !tileCity ? null : loadSource(tileCity, lib)]).then(
      ([l, s]) => {
        source.current = s;
        if (!live) return;
        setCredit(s?.attribution ?? null);
        setLib(() => l);
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [tileCity]);

  useEffect(() => {
    if (!lib || !box.current) return;
    let m: MapLibreMap;
    try {
      m = new lib.Map({
        container: box.current,
        style: MAP_STYLE_URL || (mapStyle(source.current, color ?? undefined, themePalette()) as never),
        center: [stops[0]?.stop_lon ?? 78.9, stops[0]?.stop_lat ?? 20.6],
        zoom: 12,
        // Built-in style: nothing to credit on the map (the feed's credit line is below it, as text). Over the city's
        // tiles, their credit line (plain text, escaped: maplibre writes it as HTML), collapsed to an (i) button on
        // maps narrower than 640 px once the rider moves the map. An outside style brings its tiles' attributions.
        attributionControl: MAP_STYLE_URL
          ? { compact: true }
          : source.current?.attribution
            ? { customAttribution: escapeHtml(source.current.attribution) }
            : false,
        cooperativeGestures: true,
      });
    } catch (err) {
      console.error('[mf_tracking] the map could not start', err);
      setStatus('failed');
      return;
    }
    m.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
    m.addControl(new lib.ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left');
    // Stop names as HTML markers (no glyph server): after each move, those that would overlap a name already placed
    // are hidden (in route order), so the map shows as many names as fit, at any zoom.
    m.on('moveend', () => placeLabels(m, stopMarkers.current));
    // Until the rider moves the map, it stays fitted to what it shows when its box changes size (layout, rotation).
    for (const e of ['dragstart', 'zoomstart', 'rotatestart', 'pitchstart'] as const)
      m.on(e, (ev: { originalEvent?: unknown }) => {
        if (ev.originalEvent) riderMoved.current = true;
      });
    m.on('resize', () => {
      if (!riderMoved.current && fitBounds.current) m.fitBounds(fitBounds.current, { padding: FIT_PADDING, maxZoom: 16, duration: 0 });
    });
    m.on('idle', () => {
      if (map.current !== m || !box.current) return;
      Object.assign(box.current.dataset, describeMap(m, fitPoints.current, stopMarkers.current));
    });
    const ready = () => {
      if (map.current === m) return;
      if (MAP_STYLE_URL) {
        for (const id of OVERLAY_SOURCES) m.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        for (const layer of overlayLayers(color ?? undefined, themePalette())) m.addLayer(layer as never);
      }
      map.current = m;
      setStatus('ready');
    };
    m.on('load', ready);
    // Over tiles, 'load' waits for the first tiles: a slow or failing tile server must not keep the route from being
    // drawn, so the map is ready as soon as its style is (its sources are in it).
    if (!MAP_STYLE_URL && source.current) m.once('style.load', ready);
    m.on('error', (e) => console.warn('[mf_tracking] map', e.error?.message));
    return () => {
      markers.current.forEach((mk) => mk.remove());
      markers.current = [];
      stopMarkers.current.forEach((mk) => mk.remove());
      stopMarkers.current = [];
      youMarker.current?.remove();
      youMarker.current = null;
      map.current = null;
      fitted.current = null;
      riderMoved.current = false;
      m.remove();
    };
    // The map is made once per screen; data changes go through the sources below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib]);

  // Route, stops and journey; the map fitted to them (with room for the controls and the names at the edges) whenever
  // they change: another direction, a journey's paths arriving. The first fit takes in the buses there are then.
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m) return;
    (m.getSource(ROUTE_SOURCE) as GeoJSONSource | undefined)?.setData(routeGeoJson(directions) as never);
    (m.getSource(STOPS_SOURCE) as GeoJSONSource | undefined)?.setData(stopsGeoJson(journey ? [] : stops, selectedStopId) as never);
    (m.getSource(JOURNEY_SOURCE) as GeoJSONSource | undefined)?.setData((journey?.lines ?? { type: 'FeatureCollection', features: [] }) as never);
    (m.getSource(JOURNEY_POINTS_SOURCE) as GeoJSONSource | undefined)?.setData((journey?.points ?? { type: 'FeatureCollection', features: [] }) as never);
    const points = [
      ...directions.flatMap((d) => d.shape.map(([lon, lat]) => [lon, lat] as [number, number])),
      ...stops.map((s) => [s.stop_lon, s.stop_lat] as [number, number]),
      ...(journey?.extent ?? []),
    ];
    fitPoints.current = points;
    const b = boundsOf(fitted.current === null ? [...points, ...buses.map((v) => [v.lon, v.lat] as [number, number])] : points);
    const key = JSON.stringify(boundsOf(points));
    if (b && key !== fitted.current) {
      fitBounds.current = b;
      m.fitBounds(b, { padding: FIT_PADDING, maxZoom: 16, duration: 0 });
      fitted.current = key;
      riderMoved.current = false;
    }
  }, [status, directions, stops, selectedStopId, buses, journey]);

  // The system theme changing while the map shows: the same map repainted in the other palette (data kept).
  useEffect(() => {
    const m = map.current;
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
    if (status !== 'ready' || !m || !query) return;
    const repaint = () => {
      for (const layer of themedLayers(color ?? undefined, themePalette())) {
        if (!m.getLayer(layer.id)) continue;
        for (const [prop, value] of Object.entries(layer.paint)) m.setPaintProperty(layer.id, prop, value);
      }
    };
    query.addEventListener('change', repaint);
    return () => query.removeEventListener('change', repaint);
  }, [status, color]);

  // The city's network, faint under everything, where there are no tiles to show where the rider is.
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || MAP_STYLE_URL || source.current || !tileCity) return;
    let live = true;
    loadNetwork(tileCity).then((n) => {
      if (!live || !n || map.current !== m) return;
      (m.getSource(NETWORK_SOURCE) as GeoJSONSource | undefined)?.setData(n as never);
      if (box.current) box.current.dataset.networkLines = String(n.features.reduce((k, f) => k + f.properties.lines, 0));
    });
    return () => {
      live = false;
    };
  }, [status, tileCity]);

  // Stop names next to their circles (textContent: feed text is data); a journey's marked points, in its order, with
  // their colour as the name's edge.
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || !lib) return;
    stopMarkers.current.forEach((mk) => mk.remove());
    // Names by importance (placeLabels keeps the first of two that overlap): a journey's stops where the rider gets on,
    // changes and gets off, then its start and end; a route's two terminals, then its stops in order.
    const route = stops.map((st) => ({ name: st.stop_name, lon: st.stop_lon, lat: st.stop_lat, color: null as string | null, role: 'stop' }));
    const named = journey
      ? [...journey.labelled]
          .sort((a, b) => Number(a.role === 'start' || a.role === 'end') - Number(b.role === 'start' || b.role === 'end'))
          .map((p) => ({ name: p.name, lon: p.lon, lat: p.lat, color: p.color as string | null, role: p.role as string }))
      : route.length > 2
        ? [route[0], route[route.length - 1], ...route.slice(1, -1)]
        : route;
    stopMarkers.current = named.map((st) => {
      const el = document.createElement('div');
      el.style.width = el.style.height = '0';
      const label = document.createElement('div');
      label.className = mapStyles.stopLabel;
      label.setAttribute('aria-hidden', 'true');
      label.dataset.testid = 'stop-label';
      label.dataset.role = st.role;
      label.style.position = 'absolute';
      label.style.top = '0';
      label.style.transform = 'translateY(-50%)';
      if (st.color) label.style.borderLeft = `4px solid ${st.color}`;
      label.textContent = st.name;
      el.appendChild(label);
      return new lib.Marker({ element: el, anchor: 'center' }).setLngLat([st.lon, st.lat]).addTo(m);
    });
    placeLabels(m, stopMarkers.current);
  }, [status, stops, lib, journey]);

  // The rider's position: asked only when they press the button, or at once when they already allowed it.
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => live && p.state === 'granted' && locate())
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locate]);
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || !lib || geo.status !== 'located') return;
    youMarker.current?.remove();
    const el = document.createElement('div');
    el.className = styles.youAreHere;
    el.dataset.testid = 'you-are-here';
    el.setAttribute('aria-hidden', 'true');
    el.textContent = intl.formatMessage({ id: 'map.youAreHere' });
    youMarker.current = new lib.Marker({ element: el, anchor: 'bottom' }).setLngLat([geo.lon, geo.lat]).addTo(m);
    // "You are here" is never left under the zoom buttons or the scale, nor cut by the map's edge (visible.ts)
    const keepInSight = () => {
      const box = m.getContainer().getBoundingClientRect();
      const rel = (r: DOMRect) => ({ x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height });
      const label = rel(el.getBoundingClientRect());
      const controls = [...m.getContainer().querySelectorAll('.maplibregl-ctrl-top-right .maplibregl-ctrl, .maplibregl-ctrl-bottom-left .maplibregl-ctrl')].map(
        (c) => rel(c.getBoundingClientRect()),
      );
      // the dot under the label (its ::after) belongs to it
      const [dx, dy] = shiftToShow({ ...label, h: label.h + 8 }, { w: box.width, h: box.height }, controls);
      if (dx || dy) m.panBy([-dx, -dy], { duration: 300 });
    };
    if (wantCentre.current) {
      wantCentre.current = false;
      m.once('moveend', keepInSight);
      m.easeTo({ center: [geo.lon, geo.lat], zoom: Math.max(m.getZoom(), 14), duration: 500 });
    } else requestAnimationFrame(keepInSight);
  }, [status, lib, geo, intl]);
  const showMe = () => {
    const m = map.current;
    if (geo.status === 'located' && m) m.easeTo({ center: [geo.lon, geo.lat], zoom: Math.max(m.getZoom(), 14), duration: 500 });
    else {
      wantCentre.current = true;
      locate();
    }
  };

  // Buses: circles in the style, labels as HTML markers (no glyph server needed; text set with textContent).
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || !lib) return;
    (m.getSource(BUSES_SOURCE) as GeoJSONSource | undefined)?.setData(busesGeoJson(buses) as never);
    markers.current.forEach((mk) => mk.remove());
    markers.current = buses.map((b) => {
      const el = document.createElement('div');
      el.className = styles.busMarker;
      el.setAttribute('aria-hidden', 'true');
      el.textContent = b.vNo;
      return new lib.Marker({ element: el, anchor: 'bottom', offset: [0, -10] }).setLngLat([b.lon, b.lat]).addTo(m);
    });
    const followed = focusBus ? buses.find((b) => b.vNo === focusBus) : null;
    if (followed) m.easeTo({ center: [followed.lon, followed.lat], duration: 600 });
  }, [status, buses, focusBus, lib]);

  return (
    <>
      <p id={`${listId}-note`} className={styles.hint}>
        {intl.formatMessage({ id: noteId })}
      </p>
      <div className={styles.mapBox} role="group" aria-label={intl.formatMessage({ id: 'map.label' })} aria-describedby={`${listId}-note`}>
        <div ref={box} style={{ position: 'absolute', inset: 0 }} data-testid="map" data-map-status={status} />
        {status !== 'ready' && (
          <p className={styles.mapStatus} role="status">
            {intl.formatMessage({ id: status === 'failed' ? 'map.failed' : 'map.loading' })}
          </p>
        )}
      </div>
      <div className={styles.mapTools}>
        {geo.status === 'denied' || geo.status === 'unavailable' ? (
          <p role="status">{intl.formatMessage({ id: 'map.locationDenied' })}</p>
        ) : (
          <button type="button" className={styles.tab} onClick={showMe} disabled={geo.status === 'locating'}>
            {intl.formatMessage({ id: geo.status === 'locating' ? 'results.locating' : 'map.showMe' })}
          </button>
        )}
      </div>
      {credit && (
        <p className={styles.hint} data-testid="map-credit">
          {intl.formatMessage({ id: 'map.tilesCredit' }, { credit })}
        </p>
      )}
    </>
  );
}
