import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { transit_realtime as rt } from 'gtfs-realtime-bindings';
import { decodeFeed, GtfsRtSource } from './gtfs-rt';
import { parseRealtimeConfig } from './config';
import { straightLineFeed } from './testing';

const NOW_S = Math.floor(Date.parse('2026-03-10T09:00:00+05:30') / 1000);

/** A combined feed: one vehicle, one trip update (a delay, then a stop without data), one alert. */
function feedBytes(opts: { vehicleLabel?: string; headerTs?: number } = {}): Uint8Array {
  const msg = rt.FeedMessage.create({
    header: { gtfsRealtimeVersion: '2.0', incrementality: rt.FeedHeader.Incrementality.FULL_DATASET, timestamp: opts.headerTs ?? NOW_S },
    entity: [
      {
        id: 'v1',
        vehicle: {
          trip: { tripId: 'L1-F', routeId: 'L1', startDate: '20260310', startTime: '08:50:00' },
          vehicle: { id: 'bus-17', label: opts.vehicleLabel ?? 'KL-07-AB-1001' },
          position: { latitude: 10.05, longitude: 76.3, bearing: 12 },
          currentStopSequence: 6,
          stopId: 'S5',
          timestamp: NOW_S - 40,
          occupancyStatus: rt.VehiclePosition.OccupancyStatus.STANDING_ROOM_ONLY,
        },
      },
      {
        id: 'u1',
        tripUpdate: {
          trip: { tripId: 'L1-F', startDate: '20260310', startTime: '08:50:00' },
          vehicle: { label: opts.vehicleLabel ?? 'KL-07-AB-1001' },
          timestamp: NOW_S - 30,
          stopTimeUpdate: [
            { stopSequence: 6, arrival: { delay: 240 } },
            { stopSequence: 9, scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.NO_DATA },
          ],
        },
      },
      {
        id: 'a1',
        alert: {
          cause: rt.Alert.Cause.WEATHER,
          effect: rt.Alert.Effect.SIGNIFICANT_DELAYS,
          activePeriod: [{ start: NOW_S - 600, end: NOW_S + 3600 }],
          informedEntity: [{ routeId: 'L1' }, { stopId: 'S3' }],
          headerText: {
            translation: [
              { text: 'पानी भराव', language: 'hi' },
              { text: 'Waterlogging at Stop 3', language: 'en' },
            ],
          },
          descriptionText: { translation: [{ text: 'Buses are slow.' }] },
        },
      },
    ],
  });
  return rt.FeedMessage.encode(msg).finish();
}

describe('GTFS-realtime reader', () => {
  it('decodes an encoded FeedMessage into the snapshot: vehicle, trip update, alert', () => {
    const s = decodeFeed(feedBytes());
    expect(s.vehicles).toEqual([
      {
        vNo: 'KL-07-AB-1001',
        trip: { tripId: 'L1-F', routeId: 'L1', startDate: '20260310', startTime: '08:50:00' },
        routeId: 'L1',
        lat: expect.closeTo(10.05, 5),
        lon: expect.closeTo(76.3, 5),
        bearing: 12,
        tS: (NOW_S - 40) * 1000,
        occupancyLevel: 6,
        currentStopSequence: 6,
        stopId: 'S5',
      },
    ]);
    expect(s.tripUpdates).toEqual([
      {
        trip: { tripId: 'L1-F', routeId: null, startDate: '20260310', startTime: '08:50:00' },
        vNo: 'KL-07-AB-1001',
        tS: (NOW_S - 30) * 1000,
        stops: [
          { stopSequence: 6, stopId: null, delaySeconds: 240, arrivalTime: null },
          { stopSequence: 9, stopId: null, delaySeconds: null, arrivalTime: null },
        ],
      },
    ]);
    expect(s.disruptions).toEqual([
      {
        id: 'a1',
        kind: 'WEATHER',
        title: 'Waterlogging at Stop 3',
        description: 'Buses are slow.',
        routeIds: ['L1'],
        stopIds: ['S3'],
        startsAt: (NOW_S - 600) * 1000,
        endsAt: (NOW_S + 3600) * 1000,
      },
    ]);
  });

  it('maps alert causes to the spec’s disruption kinds', () => {
    const kinds = [
      rt.Alert.Cause.WEATHER,
      rt.Alert.Cause.ACCIDENT,
      rt.Alert.Cause.TECHNICAL_PROBLEM,
      rt.Alert.Cause.CONSTRUCTION,
      rt.Alert.Cause.UNKNOWN_CAUSE,
    ].map((cause, i) => {
      const bytes = rt.FeedMessage.encode(
        rt.FeedMessage.create({
          header: { gtfsRealtimeVersion: '2.0', timestamp: NOW_S },
          entity: [{ id: `a${i}`, alert: { cause, informedEntity: [{ routeId: 'L1' }] } }],
        }),
      ).finish();
      const [d] = decodeFeed(bytes).disruptions;
      expect(d.startsAt).toBe(NOW_S * 1000);
      expect(d.endsAt).toBeNull();
      return d.kind;
    });
    expect(kinds).toEqual(['WEATHER', 'BREAKDOWN', 'BREAKDOWN', 'TRAFFIC', 'TRAFFIC']);
  });

  it('reads a file, caches it for the poll interval, and keeps the last data when a read fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-rt-'));
    const file = path.join(dir, 'feed.pb');
    fs.writeFileSync(file, feedBytes({ vehicleLabel: 'KL-07-AB-1001' }));
    let clock = 0;
    const warnings: object[] = [];
    const source = new GtfsRtSource({
      cityId: 'kochi',
      locations: [file],
      pollMs: 15_000,
      timeoutMs: 1000,
      now: () => clock,
      log: { warn: (o) => warnings.push(o) },
    });
    const feed = straightLineFeed('kochi');
    expect((await source.snapshot(feed)).vehicles[0].vNo).toBe('KL-07-AB-1001');
    fs.writeFileSync(file, feedBytes({ vehicleLabel: 'KL-07-AB-2002' }));
    clock = 14_999;
    expect((await source.snapshot(feed)).vehicles[0].vNo).toBe('KL-07-AB-1001');
    clock = 15_000;
    expect((await source.snapshot(feed)).vehicles[0].vNo).toBe('KL-07-AB-2002');
    fs.writeFileSync(file, 'not a protobuf \u00ff\u00ff\u00ff\u00ff');
    clock = 30_000;
    expect((await source.snapshot(feed)).vehicles[0].vNo).toBe('KL-07-AB-2002');
    expect(warnings).toHaveLength(1);
    // Another city gets nothing from this feed.
    expect(await source.snapshot(straightLineFeed('mumbai'))).toEqual({ vehicles: [], tripUpdates: [], disruptions: [] });
  });

  it('fetches a URL with a timeout', async () => {
    let hang = false;
    const server = http.createServer((req, res) => {
      if (hang) return; // never answers
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end(Buffer.from(feedBytes()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rt`;
      let clock = 0;
      const warnings: object[] = [];
      const source = new GtfsRtSource({
        cityId: 'kochi',
        locations: [url],
        pollMs: 1000,
        timeoutMs: 200,
        now: () => clock,
        log: { warn: (o) => warnings.push(o) },
      });
      const feed = straightLineFeed('kochi');
      expect((await source.snapshot(feed)).tripUpdates).toHaveLength(1);
      hang = true;
      clock = 1000;
      const started = Date.now();
      expect((await source.snapshot(feed)).tripUpdates).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(warnings).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads its settings from the environment', () => {
    expect(parseRealtimeConfig({})).toEqual({ ok: true, config: { source: 'simulator', seed: 'sawari', cacheMs: 5000, indexMs: 30_000 } });
    expect(parseRealtimeConfig({ REALTIME_SOURCE: 'off', REALTIME_INDEX_MS: '0' })).toEqual({ ok: true, config: { source: 'off', cacheMs: 5000, indexMs: 0 } });
    expect(
      parseRealtimeConfig({
        REALTIME_SOURCE: 'gtfs-rt',
        GTFS_RT_CITY: 'kochi',
        GTFS_RT_VEHICLES_URL: 'https://rt.example/vp.pb',
        GTFS_RT_ALERTS_URL: '/data/alerts.pb',
        GTFS_RT_POLL_MS: '20000',
      }),
    ).toEqual({
      ok: true,
      config: {
        source: 'gtfs-rt',
        cacheMs: 5000,
        cityId: 'kochi',
        locations: ['https://rt.example/vp.pb', '/data/alerts.pb'],
        pollMs: 20_000,
        timeoutMs: 5000,
        indexMs: 30_000,
      },
    });
    const bad = parseRealtimeConfig({ REALTIME_SOURCE: 'gtfs-rt' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([expect.stringContaining('GTFS_RT_CITY'), expect.stringContaining('GTFS_RT_VEHICLES_URL')]);
    expect(parseRealtimeConfig({ REALTIME_SOURCE: 'magic' })).toEqual({ ok: false, errors: ['REALTIME_SOURCE must be simulator, gtfs-rt or off'] });
  });
});

describe('GTFS-realtime cancelled trips and skipped stops', () => {
  it('keeps a CANCELED trip as a cancelled update and a SKIPPED stop as skipped (no delay passed on)', () => {
    const NOW = 1_780_000_000;
    const bytes = rt.FeedMessage.encode(
      rt.FeedMessage.create({
        header: { gtfsRealtimeVersion: '2.0', timestamp: NOW },
        entity: [
          {
            id: 'c',
            tripUpdate: {
              trip: { tripId: 'L1-F', startDate: '20260310', startTime: '08:00:00', scheduleRelationship: rt.TripDescriptor.ScheduleRelationship.CANCELED },
            },
          },
          {
            id: 's',
            tripUpdate: {
              trip: { tripId: 'L1-F', startDate: '20260310', startTime: '08:05:00' },
              timestamp: NOW,
              stopTimeUpdate: [
                { stopSequence: 2, arrival: { delay: 60 } },
                { stopSequence: 3, scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED },
              ],
            },
          },
        ],
      }),
    ).finish();
    const { tripUpdates } = decodeFeed(bytes);
    expect(tripUpdates[0]).toMatchObject({ trip: { tripId: 'L1-F', startTime: '08:00:00' }, cancelled: true, stops: [], tS: NOW * 1000 });
    expect(tripUpdates[1].cancelled).toBeUndefined();
    expect(tripUpdates[1].stops).toEqual([
      { stopSequence: 2, stopId: null, delaySeconds: 60, arrivalTime: null },
      { stopSequence: 3, stopId: null, delaySeconds: null, arrivalTime: null, skipped: true },
    ]);
  });
});
