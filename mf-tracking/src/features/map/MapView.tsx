import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Map as MapLibreMap, Marker, GeoJSONSource } from 'maplibre-gl';
import { escapeHtml } from '@sawari/domain';
import { apiFetch } from '@sawari/runtime';
import type { RouteDirection, Stop, Vehicle } from '../common/transit';
import {
  BUSES_SOURCE,
  MAP_STYLE_URL,
  ROUTE_SOURCE,
  STOPS_SOURCE,
  boundsOf,
  busesGeoJson,
  mapStyle,
  overlayLayers,
  pmtilesUrl,
  routeGeoJson,
  stopsGeoJson,
  type MapTileSource,
} from './mapData';
import { useGeolocation } from '../common/useGeolocation';
import { useCityId } from '../common/city';
import styles from '../common/tracking.module.css';

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

/** Shows each stop name that does not overlap one shown before it (screen boxes, 4 px apart); hides the rest. */
function placeLabels(m: MapLibreMap, markers: readonly Marker[]): void {
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (const mk of markers) {
    const el = mk.getElement();
    const p = m.project(mk.getLngLat());
    const b = { x0: p.x + 8 - 4, y0: p.y - el.offsetHeight / 2 - 4, x1: p.x + 8 + el.offsetWidth + 4, y1: p.y + el.offsetHeight / 2 + 4 };
    const free = !placed.some((o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1);
    if (free) placed.push(b);
    el.style.visibility = free ? 'visible' : 'hidden';
  }
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
};

/**
 * The route's shape, its stops and live buses on a map (maplibre-gl, loaded only here). The map is a picture of the
 * list that follows it (listId): keyboard and screen-reader users get everything from that list.
 */
export default function MapView({ directions = [], stops, buses = [], selectedStopId, focusBus, color, listId, noteId = 'map.listNote', city }: MapViewProps) {
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
  const fitted = useRef(false);
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
        style: MAP_STYLE_URL || (mapStyle(source.current, color ?? undefined) as never),
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
    const ready = () => {
      if (map.current === m) return;
      if (MAP_STYLE_URL) {
        for (const id of [ROUTE_SOURCE, STOPS_SOURCE, BUSES_SOURCE]) m.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        for (const layer of overlayLayers(color ?? undefined).slice(0)) m.addLayer(layer as never);
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
      fitted.current = false;
      m.remove();
    };
    // The map is made once per screen; data changes go through the sources below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib]);

  // Route and stops.
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m) return;
    (m.getSource(ROUTE_SOURCE) as GeoJSONSource | undefined)?.setData(routeGeoJson(directions) as never);
    (m.getSource(STOPS_SOURCE) as GeoJSONSource | undefined)?.setData(stopsGeoJson(stops, selectedStopId) as never);
    if (!fitted.current) {
      const points = [
        ...directions.flatMap((d) => d.shape.map(([lon, lat]) => [lon, lat] as [number, number])),
        ...stops.map((s) => [s.stop_lon, s.stop_lat] as [number, number]),
        ...buses.map((b) => [b.lon, b.lat] as [number, number]),
      ];
      const b = boundsOf(points);
      if (b) {
        m.fitBounds(b, { padding: 40, maxZoom: 16, duration: 0 });
        fitted.current = true;
      }
    }
  }, [status, directions, stops, selectedStopId, buses]);

  // Stop names next to their circles (textContent: feed text is data).
  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || !lib) return;
    stopMarkers.current.forEach((mk) => mk.remove());
    stopMarkers.current = stops.map((st) => {
      const el = document.createElement('div');
      el.className = styles.stopLabel;
      el.setAttribute('aria-hidden', 'true');
      el.dataset.testid = 'stop-label';
      el.textContent = st.stop_name;
      return new lib.Marker({ element: el, anchor: 'left', offset: [8, 0] }).setLngLat([st.stop_lon, st.stop_lat]).addTo(m);
    });
    placeLabels(m, stopMarkers.current);
  }, [status, stops, lib]);

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
    if (wantCentre.current) {
      wantCentre.current = false;
      m.easeTo({ center: [geo.lon, geo.lat], zoom: Math.max(m.getZoom(), 14), duration: 500 });
    }
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
