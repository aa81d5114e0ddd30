import fs from 'node:fs';
import path from 'node:path';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signIn, type Session } from '../../testing/accounts';

// A reserved line names its transit route: its answer carries that route's colours from the city's current feed
// (the demo feed's route_color / route_text_color, '#RRGGBB'), so rider screens can draw its route badge.
const ROUTES = path.join(__dirname, '../../../data/gtfs/mumbai-airport-express/routes.txt');

describe(`reservation lines carry their route's colours ${dbLabel()}`, () => {
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer({});
    rider = await signIn(s.app, s.db, '9876580071');
  }, 60_000);
  afterAll(() => s?.cleanup());

  it('answers the feed colours of each line with a transit route, null for one without', async () => {
    const [head, ...rows] = fs.readFileSync(ROUTES, 'utf8').trim().split('\n');
    const cols = head.split(',');
    const feed = new Map(
      rows.map((r) => {
        const v = r.split(',');
        const hex = (c: string) => (v[cols.indexOf(c)] ? `#${v[cols.indexOf(c)].toUpperCase()}` : null);
        return [v[cols.indexOf('route_id')], { color: hex('route_color'), textColor: hex('route_text_color') }];
      }),
    );
    let withRoute = 0;
    for (const product of ['AIRPORT', 'PREMIUM', 'EVENT']) {
      const r = await s.app.inject({ method: 'GET', url: `/api/reservations/v1/cities/mumbai/lines?product=${product}`, headers: rider.headers });
      expect(r.statusCode).toBe(200);
      for (const line of (r.json() as { lines: { code: string; transitRouteId: string | null; color: string | null; textColor: string | null }[] }).lines) {
        const want = (line.transitRouteId && feed.get(line.transitRouteId)) || { color: null, textColor: null };
        expect({ code: line.code, color: line.color, textColor: line.textColor }).toEqual({ code: line.code, ...want });
        if (want.color) withRoute++;
      }
    }
    expect(withRoute).toBeGreaterThan(0);
  });
});
