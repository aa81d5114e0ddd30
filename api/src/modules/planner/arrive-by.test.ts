import fs from 'node:fs';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { arriveByProblems, buildNetwork, raptorRange, type Endpoint, type Network } from '@sawari/domain/src/planner';
import { DEFAULT_TRANSFER_SLACK_SECS, networkInput, PlannerService } from './service';
import { PlannerStore } from './store';

// arrive-by is a backward RAPTOR (core/raptor.ts raptorArriveBy). Checked against the
// forward search on real feeds as the service builds them (store rows, 3 min of transfer slack): every answer can be
// ridden forward from its departure and arrives in time, and no later departure with as few changes does
// (core/arrive-by-check.ts). The mini fixture always; the Kochi feed when ../shared/data/kochi/gtfs.zip exists.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const KOCHI = path.resolve(__dirname, '../../../../../shared/data/kochi/gtfs.zip');
const THURSDAY = '20260115';
const hm = (h: number, m: number) => h * 3600 + m * 60;

async function network(t: TestDb, feedId: number, date: string): Promise<Network> {
  const rows = await new PlannerStore(t.db).rows(feedId, date);
  return buildNetwork(networkInput(rows, DEFAULT_TRANSFER_SLACK_SECS).input);
}

/** Seeded pairs of served stops (and, every third, a place walking to the stops around the second one). */
function* cases(n: Network, count: number, seed: number) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s / 0x7fffffff);
  const served: number[] = [];
  for (let x = 0; x < n.stopCount; x++) if (n.stopPatternStart[x + 1] > n.stopPatternStart[x]) served.push(x);
  for (let i = 0; i < count; i++) {
    const a = served[Math.floor(rnd() * served.length)];
    const b = served[Math.floor(rnd() * served.length)];
    if (a === b) continue;
    // A place: the stop and the stops it has footpaths to, each a walk of 0-5 minutes away.
    const around = (x: number): Endpoint[] => [
      { stop: x, walkSecs: Math.floor(rnd() * 300) },
      ...Array.from(n.footTo.subarray(n.footStart[x], n.footStart[x + 1]), (y) => ({ stop: y, walkSecs: Math.floor(rnd() * 300) })),
    ];
    const origins = i % 3 === 2 ? around(a) : [{ stop: a, walkSecs: 0 }];
    const destinations = i % 3 === 1 ? around(b) : [{ stop: b, walkSecs: 0 }];
    const arriveBy = hm(6, 0) + Math.floor(rnd() * 17 * 3600);
    yield { origins, destinations, departAt: arriveBy - 7200, windowSecs: 0, maxTransfers: i % 4, arriveBy };
  }
}

function check(n: Network, count: number, seed: number): { asked: number; answered: number } {
  let asked = 0;
  let answered = 0;
  for (const q of cases(n, count, seed)) {
    const found = raptorRange(n, q);
    const problems = arriveByProblems(n, q, found);
    expect({ from: q.origins.map((o) => n.stopIds[o.stop]), to: q.destinations.map((d) => n.stopIds[d.stop]), arriveBy: q.arriveBy, problems }).toEqual({
      from: q.origins.map((o) => n.stopIds[o.stop]),
      to: q.destinations.map((d) => n.stopIds[d.stop]),
      arriveBy: q.arriveBy,
      problems: [],
    });
    asked++;
    if (found.length) answered++;
  }
  return { asked, answered };
}

describe(`arrive-by against the forward search, mini feed ${dbLabel()}`, () => {
  let t: TestDb;
  let feedId: number;
  beforeAll(async () => {
    t = await openTestDb();
    feedId = (await importGtfs(t.db, MINI, { cityId: 'testville' })).feedId;
  }, 60_000);
  afterAll(() => t?.cleanup());

  it('every pair and every 5 minutes of the day: in time, rideable forward, no later departure', async () => {
    const n = await network(t, feedId, THURSDAY);
    let answered = 0;
    for (let a = 0; a < n.stopCount; a++) {
      for (let b = 0; b < n.stopCount; b++) {
        if (a === b) continue;
        for (let arriveBy = hm(5, 0); arriveBy <= hm(25, 0); arriveBy += 300) {
          const q = {
            origins: [{ stop: a, walkSecs: 0 }],
            destinations: [{ stop: b, walkSecs: 0 }],
            departAt: arriveBy - 7200,
            windowSecs: 0,
            maxTransfers: 3,
            arriveBy,
          };
          const found = raptorRange(n, q);
          expect([n.stopIds[a], n.stopIds[b], arriveBy, arriveByProblems(n, q, found)]).toEqual([n.stopIds[a], n.stopIds[b], arriveBy, []]);
          if (found.length) answered++;
        }
      }
    }
    expect(answered).toBeGreaterThan(50);
    expect(check(n, 200, 3).answered).toBeGreaterThan(20);
  });

  it('through the service: the itinerary leaves as late as a forward plan allows and arrives in time', async () => {
    const planner = new PlannerService(t.db, { pool: { workers: 0 } });
    const ist = (hhmm: string) => Date.parse(`2026-01-15T${hhmm}:00+05:30`);
    // From Alpha to Delta by 08:20: R1 at 08:00 to Bravo (08:10), then the feed's 2-min link to Delta (08:12). By
    // 06:40: R2, which runs 06:00-07:00 every 30 min, the 06:00 (06:15; the 06:30 arrives 06:45).
    for (const [by, leaves] of [
      ['08:20', '08:00'],
      ['06:40', '06:00'],
    ]) {
      const plan = await planner.plan('testville', { stopId: 'A' }, { stopId: 'D' }, ist(by), 0, 3, true);
      expect(plan.itineraries.map((i) => [i.departure, i.arrival <= ist(by)])).toEqual([[ist(leaves), true]]);
      // A forward plan from that departure arrives by then; one from a second later does not.
      const forward = await planner.plan('testville', { stopId: 'A' }, { stopId: 'D' }, ist(leaves), 0, 3);
      expect(Math.min(...forward.itineraries.map((i) => i.arrival))).toBeLessThanOrEqual(ist(by));
      const later = await planner.plan('testville', { stopId: 'A' }, { stopId: 'D' }, ist(leaves) + 1000, 0, 3);
      expect(later.itineraries.every((i) => i.arrival > ist(by))).toBe(true);
    }
    // With a window (rRAPTOR over the departures of the two hours before), the 06:30 that walks nothing is offered too.
    const ranged = await planner.plan('testville', { stopId: 'A' }, { stopId: 'D' }, ist('08:20'), 120, 3, true);
    expect(ranged.itineraries.map((i) => [i.departure, i.walkSeconds])).toEqual([
      [ist('06:30'), 0],
      [ist('08:00'), 120],
    ]);
    await planner.close();
  });
});

const kochi = fs.existsSync(KOCHI);
if (!kochi) console.warn(`SKIPPED: arrive-by on Kochi needs ${KOCHI} (the shared real-data folder next to the repository); it is absent.`);

(kochi ? describe : describe.skip)(`arrive-by against the forward search, Kochi feed ${dbLabel()}`, () => {
  let t: TestDb;
  let feedId: number;
  beforeAll(async () => {
    t = await openTestDb();
    feedId = (await importGtfs(t.db, KOCHI, { cityId: 'kochi', redate: true, now: Date.parse('2026-01-15T12:00:00+05:30') })).feedId;
  }, 300_000);
  afterAll(() => t?.cleanup());

  it('300 seeded pairs (stops, and places walking to several stops) at times of the whole day', async () => {
    const n = await network(t, feedId, THURSDAY);
    const { asked, answered } = check(n, 300, 20260115);
    expect(asked).toBeGreaterThan(290);
    expect(answered).toBeGreaterThan(100);
  }, 120_000);
});
