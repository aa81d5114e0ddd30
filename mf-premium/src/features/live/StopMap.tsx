// A reserved line on a map: its path (the stops in running order), the boarding and drop stops, and the booked bus.
// maplibre-gl is loaded only here (a lazy chunk). The map is a picture of the list beside it (listId): keyboard and
// screen-reader users get everything from that list.
import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import type { ReservationStop } from '@sawari/contracts';
import { styles, useT } from '../common/ui';

type Lib = typeof import('maplibre-gl');
let libPromise: Promise<Lib> | null = null;
const loadLib = (): Promise<Lib> => {
  libPromise ??= import(/* webpackChunkName: "maplibre" */ './maplibre').then((m) => m.maplibregl as unknown as Lib);
  libPromise.catch(() => (libPromise = null));
  return libPromise;
};

const LINE = 'sawari-line';
const STOPS = 'sawari-stops';
const COLOR = '#c2410c';

export interface StopMapProps {
  path: readonly ReservationStop[];
  boardStopId: string;
  dropStopId: string;
  bus?: { vNo: string; lat: number; lon: number } | null;
  /** Id of the list that says the same in text. */
  listId: string;
}

function stopsData(path: readonly ReservationStop[], board: string, drop: string) {
  return {
    type: 'FeatureCollection' as const,
    features: path.map((s) => ({
      type: 'Feature' as const,
      properties: { role: s.stopId === board ? 'board' : s.stopId === drop ? 'drop' : 'stop' },
      geometry: { type: 'Point' as const, coordinates: [s.lon, s.lat] },
    })),
  };
}

export default function StopMap({ path, boardStopId, dropStopId, bus, listId }: StopMapProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const [lib, setLib] = useState<Lib | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    loadLib().then(
      (l) => live && setLib(() => l),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!lib || !box.current || path.length === 0) return;
    const empty = { type: 'FeatureCollection' as const, features: [] };
    let m: MapLibreMap;
    try {
      m = new lib.Map({
        container: box.current,
        style: {
          version: 8,
          sources: { [LINE]: { type: 'geojson', data: empty }, [STOPS]: { type: 'geojson', data: empty } },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } },
            {
              id: 'line-casing',
              type: 'line',
              source: LINE,
              layout: { 'line-cap': 'round', 'line-join': 'round' },
              paint: { 'line-color': '#ffffff', 'line-width': 8 },
            },
            { id: 'line', type: 'line', source: LINE, layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': COLOR, 'line-width': 4 } },
            {
              id: 'stops',
              type: 'circle',
              source: STOPS,
              paint: {
                'circle-radius': ['match', ['get', 'role'], 'stop', 5, 9],
                'circle-color': ['match', ['get', 'role'], 'board', '#14532d', 'drop', '#7f1d1d', '#ffffff'],
                'circle-stroke-color': '#1a1a1a',
                'circle-stroke-width': 2,
              },
            },
          ],
        },
        center: [path[0].lon, path[0].lat],
        zoom: 11,
        attributionControl: false,
        cooperativeGestures: true,
      });
    } catch (err) {
      console.error('[mf_premium] the map could not start', err);
      setStatus('failed');
      return;
    }
    m.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
    m.on('load', () => {
      (m.getSource(LINE) as GeoJSONSource).setData({
        type: 'Feature',
        properties: {},
        geometry: { type: 'LineString', coordinates: path.map((s) => [s.lon, s.lat]) },
      });
      (m.getSource(STOPS) as GeoJSONSource).setData(stopsData(path, boardStopId, dropStopId));
      const lons = path.map((s) => s.lon);
      const lats = path.map((s) => s.lat);
      m.fitBounds(
        [
          [Math.min(...lons), Math.min(...lats)],
          [Math.max(...lons), Math.max(...lats)],
        ],
        { padding: 40, maxZoom: 15, duration: 0 },
      );
      map.current = m;
      setStatus('ready');
    });
    return () => {
      marker.current?.remove();
      marker.current = null;
      map.current = null;
      m.remove();
    };
    // the map is made once per screen; the bus moves through its marker below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib]);

  useEffect(() => {
    const m = map.current;
    if (status !== 'ready' || !m || !lib) return;
    marker.current?.remove();
    marker.current = null;
    if (!bus) return;
    const el = document.createElement('div');
    el.className = styles.busMarker;
    el.setAttribute('aria-hidden', 'true');
    el.textContent = `🚌 ${bus.vNo}`;
    marker.current = new lib.Marker({ element: el, anchor: 'bottom' }).setLngLat([bus.lon, bus.lat]).addTo(m);
  }, [status, bus, lib]);

  return (
    <>
      <p id={`${listId}-note`} className={styles.hint}>
        {t('map.listNote')}
      </p>
      <div className={styles.mapBox} role="group" aria-label={t('map.label')} aria-describedby={`${listId}-note`}>
        {/* inline: maplibre's own .maplibregl-map class sets position: relative, which would collapse the box */}
        <div ref={box} style={{ position: 'absolute', inset: 0 }} data-testid="map" data-map-status={status} />
        {status !== 'ready' && (
          <p className={styles.mapStatus} role="status">
            {t(status === 'failed' ? 'map.failed' : 'map.loading')}
          </p>
        )}
      </div>
    </>
  );
}
