import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transit_realtime as rt } from 'gtfs-realtime-bindings';
import { clockText } from '@sawari/domain';
import { expectAccessible } from '../support/axe';
import { freePort, startLiveFeedServer, type RunningServer } from '../support/server';

// ETAs that say where their time comes from (issue 25 item 2), end to end on a server of its own: a tiny feed whose
// route 11 calls at Amber Square four times in the next hour, and a GTFS-realtime trip-updates file (the server's
// gtfs-rt source reads it like a URL: deterministic, unlike the simulator's share of cancellations) saying the first
// bus is 2 minutes late (reported by bus MH-01-AB-1234), nothing of the second, the third is cancelled and the fourth
// drives past Amber Square. The ETA screen lists all four: Live (predicted from the bus), Scheduled (timetable
// only), Cancelled and Does not stop here, each in words with its icon. At 360 px, in English and Hindi, with axe.
test.use({ bypassCSP: true, viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

// A demo city with tracking on and no feed of its own on this server: the tiny feed is imported as its timetable.
const CITY = 'chennai';
const shotsDir = process.env.SHOTS_DIR || path.join(os.tmpdir(), 'shots-live');

/** Now in Kolkata: the date (YYYYMMDD) and seconds since midnight, at the start of the minute. */
function kolkataNow() {
  const t = Date.now() + 19_800_000;
  const iso = new Date(t).toISOString();
  return { date: iso.slice(0, 10), ymd: iso.slice(0, 10).replace(/-/g, ''), secs: Math.floor((t % 86_400_000) / 60_000) * 60 };
}
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');

const now = kolkataNow();
/** Route 11's runs at Amber Square, `min` minutes from now (and Beryl Market 10 minutes later). */
const at = (min: number) => now.secs + min * 60;
const RUNS = { T1: at(10), T2: at(20), T3: at(30), T4: at(40) };

function writeFeed(dir: string): void {
  const lines = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
  for (const [trip, dep] of Object.entries(RUNS)) lines.push(`${trip},${hms(dep)},${hms(dep)},A,1`, `${trip},${hms(dep + 600)},${hms(dep + 600)},B,2`);
  const files: Record<string, string> = {
    'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nLV,Liveville Transport,https://example.org,Asia/Kolkata\n',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Amber Square,19.00,72.80\nB,Beryl Market,19.02,72.80\n',
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,LV,11,Amber - Beryl,3\n',
    'trips.txt': `route_id,service_id,trip_id,trip_headsign\n${Object.keys(RUNS)
      .map((t) => `R1,ALL,${t},Beryl Market`)
      .join('\n')}\n`,
    'stop_times.txt': lines.join('\n'),
    'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20301231\n',
  };
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

/** The trip updates, stamped now: T1 2 min late from bus MH-01-AB-1234, T3 cancelled, T4 skipping Amber Square. */
function writeTripUpdates(file: string): void {
  const ts = Math.floor(Date.now() / 1000);
  const trip = (id: keyof typeof RUNS) => ({ tripId: id, startDate: now.ymd, startTime: hms(RUNS[id]) });
  const msg = rt.FeedMessage.create({
    header: { gtfsRealtimeVersion: '2.0', timestamp: ts },
    entity: [
      {
        id: 'T1',
        tripUpdate: {
          trip: trip('T1'),
          vehicle: { label: 'MH-01-AB-1234' },
          timestamp: ts,
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 120 }, arrival: { delay: 120 } }],
        },
      },
      {
        id: 'T3',
        tripUpdate: { trip: { ...trip('T3'), scheduleRelationship: rt.TripDescriptor.ScheduleRelationship.CANCELED }, timestamp: ts, stopTimeUpdate: [] },
      },
      {
        id: 'T4',
        tripUpdate: {
          trip: trip('T4'),
          timestamp: ts,
          stopTimeUpdate: [{ stopSequence: 1, scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED }],
        },
      },
    ],
  });
  fs.writeFileSync(`${file}.tmp`, rt.FeedMessage.encode(msg).finish());
  fs.renameSync(`${file}.tmp`, file);
}

const TEXT = {
  en: {
    heading: '11 at Amber Square',
    live: 'Live · predicted from the bus',
    scheduled: 'Scheduled · timetable only',
    cancelled: 'Cancelled · this bus will not run',
    skips: 'Does not stop here · this bus will pass the stop without stopping',
    wasDue: (t: string) => `was due ${t}`,
  },
  hi: {
    heading: 'Amber Square पर 11',
    live: 'लाइव · बस से अनुमान',
    scheduled: 'निर्धारित समय · सिर्फ़ समय-सारणी',
    cancelled: 'रद्द · यह बस नहीं चलेगी',
    skips: 'यहाँ नहीं रुकेगी · यह बस इस स्टॉप पर रुके बिना आगे जाएगी',
    wasDue: (t: string) => `${t} बजे आनी थी`,
  },
} as const;

let server: RunningServer;
let work: string;
const rtFile = () => path.join(work, 'trip-updates.pb');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-eta-live-'));
  writeFeed(path.join(work, 'feed'));
  writeTripUpdates(rtFile());
  fs.mkdirSync(shotsDir, { recursive: true });
  server = await startLiveFeedServer(await freePort(), {
    city: CITY,
    feedDir: path.join(work, 'feed'),
    tripUpdatesFile: rtFile(),
    stopId: 'A',
    stopName: 'Amber Square',
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('the API lists the cancelled bus and the one skipping the stop, marked, never as the next bus', async () => {
  writeTripUpdates(rtFile());
  await expect
    .poll(async () => {
      const r = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ stopArrivals(city: "${CITY}", stopId: "A", routeId: "R1") { tripId live vNo cancellation } }` }),
      });
      return ((await r.json()) as { data: { stopArrivals: unknown[] } }).data.stopArrivals;
    })
    .toEqual([
      { tripId: 'T1', live: true, vNo: 'MH-01-AB-1234', cancellation: null },
      { tripId: 'T2', live: false, vNo: null, cancellation: null },
      { tripId: 'T3', live: false, vNo: null, cancellation: 'TRIP_CANCELLED' },
      { tripId: 'T4', live: false, vNo: null, cancellation: 'STOP_SKIPPED' },
    ]);
});

for (const lang of ['en', 'hi'] as const) {
  test(`the ETA screen says Live, Scheduled, Cancelled and Does not stop here (${lang}, 360 px)`, async ({ page }) => {
    const T = TEXT[lang];
    writeTripUpdates(rtFile());
    await page.addInitScript((l) => {
      localStorage.setItem('sawari.city', 'chennai');
      localStorage.setItem('sawari.lang', l);
    }, lang);
    await page.goto(`${server.url}/app/live-tracking/estimate-arrival-time/R1/A/${encodeURIComponent('Amber Square')}/11`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.heading);
    const rows = page.locator('li[data-arrival]');
    await expect(rows).toHaveCount(4, { timeout: 20_000 });
    const midnight = Date.parse(`${now.date}T00:00:00+05:30`);
    const clock = (secs: number) => clockText(midnight + secs * 1000, lang);
    // Soonest first: the live bus (minutes, its number to follow), the timetable's, then the two that will not pick up.
    await expect(rows.nth(0)).toHaveAttribute('data-arrival', 'live');
    await expect(rows.nth(0)).toContainText(T.live);
    await expect(rows.nth(0).locator('[data-source="live"] svg')).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('MH-01-AB-1234');
    await expect(rows.nth(1)).toHaveAttribute('data-arrival', 'scheduled');
    await expect(rows.nth(1)).toContainText(T.scheduled);
    await expect(rows.nth(1)).toContainText(clock(RUNS.T2));
    await expect(rows.nth(1).locator('[data-source="scheduled"] svg')).toHaveCount(1);
    await expect(rows.nth(2)).toHaveAttribute('data-arrival', 'cancelled');
    await expect(rows.nth(2)).toContainText(T.cancelled);
    await expect(rows.nth(2)).toContainText(T.wasDue(clock(RUNS.T3)));
    await expect(rows.nth(2).locator('[data-source="cancelled"] svg')).toHaveCount(1);
    await expect(rows.nth(3)).toHaveAttribute('data-arrival', 'skipsStop');
    await expect(rows.nth(3)).toContainText(T.skips);
    for (const i of [1, 2, 3]) await expect(rows.nth(i)).not.toContainText(T.live);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(shotsDir, `eta-${lang}.png`), fullPage: true });
  });
}
