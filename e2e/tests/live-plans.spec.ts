import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transit_realtime as rt } from 'gtfs-realtime-bindings';
import { clockText } from '@sawari/domain';
import { expectAccessible } from '../support/axe';
import { freePort, startLiveFeedServer, type RunningServer } from '../support/server';

// Plans that know the bus is late (planner README "Live plans"), end to end on a real server of its own: a tiny
// hand-written feed whose buses run in the next hour, and a GTFS-realtime trip-updates file (the server's gtfs-rt
// source reads it like a URL) saying the first bus is 2 minutes late. The plan's first bus shows its predicted time,
// marked Live with the timetable's time beside it, the second is marked Scheduled; the trip details check the plan
// against the predictions and, once the first bus is 7 minutes late, say the change will probably be missed.
// At 360 px, in English and Hindi, with axe.
test.use({ bypassCSP: true, viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

// A demo city with tracking on and no feed of its own on this server: the tiny feed is imported as its timetable.
const CITY = 'chennai';
const shotsDir = path.join(os.tmpdir(), 'sawari-live-plans');

/** Now in Kolkata: the date (YYYY-MM-DD, YYYYMMDD) and seconds since midnight, at the start of the minute. */
function kolkataNow() {
  const t = Date.now() + 19_800_000;
  const iso = new Date(t).toISOString();
  const secs = Math.floor((t % 86_400_000) / 60_000) * 60;
  return { date: iso.slice(0, 10), ymd: iso.slice(0, 10).replace(/-/g, ''), secs };
}
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
const hm = (s: number) => hms(s).slice(0, 5);

const now = kolkataNow();
// The buses: T1 A → B, then T2a B → C (5 minutes to change on the timetable), T2b an hour's later one, T3 direct.
const at = (min: number) => now.secs + (min + 2) * 60;
const T1 = { dep: at(10), arr: at(20) };

function writeFeed(dir: string): void {
  const files: Record<string, string> = {
    'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nLV,Liveville Transport,https://example.org,Asia/Kolkata\n',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Amber Square,19.00,72.80\nB,Beryl Market,19.02,72.80\nC,Coral Gate,19.04,72.80\n',
    'routes.txt':
      'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,LV,11,Amber - Beryl,3\nR2,LV,22,Beryl - Coral,3\nR3,LV,33,Amber - Coral,3\n',
    'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR2,ALL,T2a\nR2,ALL,T2b\nR3,ALL,T3\n',
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      `T1,${hms(T1.dep)},${hms(T1.dep)},A,1`,
      `T1,${hms(T1.arr)},${hms(T1.arr)},B,2`,
      `T2a,${hms(at(25))},${hms(at(25))},B,1`,
      `T2a,${hms(at(35))},${hms(at(35))},C,2`,
      `T2b,${hms(at(85))},${hms(at(85))},B,1`,
      `T2b,${hms(at(95))},${hms(at(95))},C,2`,
      `T3,${hms(at(15))},${hms(at(15))},A,1`,
      `T3,${hms(at(70))},${hms(at(70))},C,2`,
    ].join('\n'),
    'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20301231\n',
  };
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

/** The trip-updates file: T1 `delaySecs` late from its first stop. */
function writeTripUpdates(file: string, delaySecs: number): void {
  const ts = Math.floor(Date.now() / 1000);
  const msg = rt.FeedMessage.create({
    header: { gtfsRealtimeVersion: '2.0', timestamp: ts },
    entity: [
      {
        id: 'T1',
        tripUpdate: {
          trip: { tripId: 'T1', startDate: now.ymd, startTime: hms(T1.dep) },
          vehicle: { label: 'MH-01-AB-1234' },
          timestamp: ts,
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay: delaySecs }, arrival: { delay: delaySecs } }],
        },
      },
    ],
  });
  fs.writeFileSync(`${file}.tmp`, rt.FeedMessage.encode(msg).finish());
  fs.renameSync(`${file}.tmp`, file);
}

const TEXT = {
  en: { details: 'Trip details', live: 'Live', scheduled: 'Scheduled', timetable: 'timetable', missed: /probably miss your change/ },
  hi: { details: 'यात्रा का विवरण', live: 'लाइव', scheduled: 'समय-सारणी', timetable: 'समय-सारणी', missed: /अगली बस शायद छूट जाएगी/ },
} as const;

let server: RunningServer;
let work: string;
const rtFile = () => path.join(work, 'trip-updates.pb');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The tiny feed's buses run in the next two hours of today's service day (GTFS times pass 24:00 late in the evening).
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-live-plans-'));
  writeFeed(path.join(work, 'feed'));
  writeTripUpdates(rtFile(), 120);
  fs.mkdirSync(shotsDir, { recursive: true });
  server = await startLiveFeedServer(await freePort(), {
    city: CITY,
    feedDir: path.join(work, 'feed'),
    tripUpdatesFile: rtFile(),
    stopId: 'C',
    stopName: 'Coral Gate',
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function openPlan(page: Page, lang: 'en' | 'hi'): Promise<void> {
  await page.addInitScript((l) => {
    localStorage.setItem('sawari.city', 'chennai');
    localStorage.setItem('sawari.lang', l);
  }, lang);
  const q = new URLSearchParams({
    from: 'stop:A',
    fromName: 'Amber Square',
    to: 'stop:C',
    toName: 'Coral Gate',
    mode: 'at',
    date: now.date,
    time: hm(now.secs),
  });
  await page.goto(`${server.url}/app/trip-planner/results?${q.toString()}`);
}

for (const lang of ['en', 'hi'] as const) {
  test(`a late bus: the plan shows its predicted time marked Live, the next bus Scheduled, and a missed change (${lang}, 360 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    const T = TEXT[lang];
    writeTripUpdates(rtFile(), 120);
    await openPlan(page, lang);
    const options = page.getByRole('list', { name: /./ }).locator('a[href$="/trip-planner/selected-trip-card-details"]');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    // The first option: bus 11 (2 min late) then bus 22; it leaves when bus 11 is predicted, not at its timetable time.
    const midnight = Date.parse(`${now.date}T00:00:00+05:30`);
    const predicted = clockText(midnight + (T1.dep + 120) * 1000, lang);
    const timetable = clockText(midnight + T1.dep * 1000, lang);
    await expect(options.first()).toContainText(predicted);
    await options.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.details);
    const markers = page.getByTestId('leg-live');
    await expect(markers).toHaveCount(2);
    await expect(markers.nth(0)).toContainText(T.live);
    await expect(markers.nth(0)).toContainText(`${T.timetable} ${timetable}`);
    await expect(markers.nth(1)).toContainText(T.scheduled);
    await expect(markers.nth(1)).not.toContainText(T.live);
    // The late bus's row says its predicted boarding time; the timetable's only beside the Live marker.
    const lateRow = page
      .locator('ol li')
      .filter({ has: page.getByTestId('leg-live') })
      .first();
    await expect(lateRow).toContainText(predicted);
    await expect(page.getByTestId('live-check')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shotsDir, `live-${lang}.png`), fullPage: true });

    // Bus 11 now 7 minutes late: it reaches Beryl Market after bus 22 leaves. The re-check (every minute, and when the
    // page is shown again) says so.
    writeTripUpdates(rtFile(), 420);
    // The server reads the file every second: the page shown again says so once the server has the new delay.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: T.missed })).toBeVisible({ timeout: 4_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shotsDir, `missed-${lang}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
