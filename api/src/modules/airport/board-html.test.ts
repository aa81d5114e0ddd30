import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbLabel } from '../../testing/test-db';
import { KIOSK, startTestServer, type TestServer } from '../../testing/test-server';

// A board's rows are in its first HTML, with the data the board starts from.
const VERSION = '3f2a9c0d1b7e';
const CSS = '__federation_expose_spa.7e11ff700a.css';
const BOARD = '/app/airport-static-screens/airport-express-bus-time/T1';
const at = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);

function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-web-board-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><html><head><title>Sawari</title></head><body><div id="sawari-app"></div></body></html>');
  const entry = `/remotes/mf-airport/${VERSION}/mf-manifest.json`;
  write(
    'shell/dist/remotes.json',
    JSON.stringify({ remotes: [{ name: 'mf_airport', dir: 'mf-airport', version: VERSION, entry, prefixes: ['/airport-static-screens'] }] }),
  );
  const exposes = [{ name: 'spa', assets: { js: { sync: ['__federation_expose_spa.5f18eac505.js'], async: [] }, css: { sync: [CSS], async: [] } } }];
  write('mf-airport/dist/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes }));
  write(`mf-airport/dist/${CSS}`, '.sb{position:fixed;inset:0}');
  return root;
}

/** The page's inlined board data, parsed as a browser would (the JSON text of the script element). */
const boardData = (html: string) => {
  const m = /<script id="sawari-board-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return m
    ? (JSON.parse(m[1]) as { product: string; terminalId: string; config: { routeStopPairs: { destination: string }[] }; timings: unknown; updatedAt: number })
    : null;
};
const rows = (html: string) =>
  [...html.matchAll(/<tr data-testid="board-row"><th scope="row" class="sb-destination">(.*?)<\/th><td class="sb-next">(.*?)<\/td><\/tr>/g)].map((m) => [
    m[1],
    m[2],
  ]);

describe(`a board's first HTML holds its rows ${dbLabel()}`, () => {
  let s: TestServer;
  let root: string;
  let now = at('2026-11-21T10:06:30');
  beforeAll(async () => {
    root = fakeBuild();
    s = await startTestServer({ config: { webRoot: root }, now: () => now });
  }, 60_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes each destination with its countdown (spec text) and departure, the clock and BOOK AT, inside the kiosk container', async () => {
    now = at('2026-11-21T10:06:30');
    const r = await s.app.inject({ url: BOARD });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(rows(r.body)).toEqual([
      ['Kharghar', '24 min<span class="sb-departs"> leaves 10:30 AM</span>'],
      ['Thane', '24 min<span class="sb-departs"> leaves 10:30 AM</span>'],
    ]);
    expect(r.body).toContain('<div id="sawari-app"><main id="sawari-kiosk"><section class="sb sb-vertical"');
    expect(r.body).toContain('<time data-testid="board-clock" data-part="clock">10:06 AM</time>');
    expect(r.body).toContain('ARRIVAL HALL, Airport Express Counter');
    // The remote's styles are in the page (the rows must not wait for a stylesheet request), named as webpack names them.
    expect(r.body).toContain(`<style data-href="${CSS}">.sb{position:fixed;inset:0}</style>`);
  });

  it('inlines the data the board would ask the API for: the same config and timings', async () => {
    now = at('2026-11-21T21:49:30');
    const r = await s.app.inject({ url: '/app/airport-static-screens/airport-express-bus-time-horizontal/T2' });
    expect(r.body).toContain('class="sb sb-horizontal"');
    expect(rows(r.body)[0]).toEqual(['Kharghar', '11 min<span class="sb-departs"> leaves 10:00 PM</span>']);
    const data = boardData(r.body);
    expect(data).not.toBeNull();
    const config = (await s.app.inject({ url: '/api/airport/v1/boards/express/T2', headers: KIOSK })).json();
    expect(data?.config).toEqual(config);
    const pairs = config.routeStopPairs.map(({ routeId, stopId }: { routeId: string; stopId: string }) => ({ routeId, stopId }));
    const timeWindow = { fromTime: String(now), toTime: String(now + 12 * 3_600_000) };
    const timings = await s.app.inject({
      method: 'POST',
      url: '/api/tub/v1/trips/mumbai/by_route_stop_pairs',
      headers: KIOSK,
      payload: { routeStopPairs: pairs, timeWindow },
    });
    expect(data?.timings).toEqual(timings.json());
    expect(data).toMatchObject({ product: 'express', terminalId: 'T2', updatedAt: now });
  });

  it('says Not Available after the last bus of the day', async () => {
    now = at('2026-11-21T23:09:30');
    expect(rows((await s.app.inject({ url: BOARD })).body).map((r) => r[1])).toEqual([
      '7 hr 21 min<span class="sb-departs"> leaves 6:30 AM</span>',
      '7 hr 21 min<span class="sb-departs"> leaves 6:30 AM</span>',
    ]);
  });

  it('writes nothing for an unknown board, product or terminal (the board in the browser says what is wrong)', async () => {
    for (const url of [
      '/app/airport-static-screens/airport-express-bus-time/T9',
      '/app/airport-static-screens/airport-rocket-bus-time/T1',
      '/app/airport-static-screens/not-a-board/T1',
      '/app/airport-static-screens/airport-express-bus-time/T%3C1',
    ]) {
      const r = await s.app.inject({ url });
      expect([url, r.statusCode]).toEqual([url, 200]);
      expect(r.body).not.toContain('sawari-board-data');
      expect(r.body).toContain('<div id="sawari-app"></div>');
    }
  });
});

describe(`a board's first HTML cannot be broken out of by its data ${dbLabel()}`, () => {
  let s: TestServer;
  let root: string;
  const hostile = '</script><script>alert(1)</script><b>K&"$&\'';
  beforeAll(async () => {
    root = fakeBuild();
    s = await startTestServer({
      config: { webRoot: root },
      now: () => at('2026-11-21T10:06:30'),
      // A destination is the name of a route's last stop in the feed; a terminal's place and counter are free text.
      before: async ({ db }) => {
        await db.query(`UPDATE stops SET stop_name = $1 WHERE stop_id = 'KHARGHAR'`, [hostile]);
        await db.query(`UPDATE airport_terminals SET place = $1, counter = $2 WHERE terminal_id = 'T1'`, ['<img src=x onerror=alert(2)>', '</main><!--']);
      },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('escapes every text in the rows and in the inlined data, and the browser reads the data back unchanged', async () => {
    const r = await s.app.inject({ url: BOARD });
    expect(rows(r.body)[0][0]).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;K&amp;&quot;$&amp;&#39;');
    expect(r.body).toContain('&lt;IMG SRC=X ONERROR=ALERT(2)&gt;, &lt;/main&gt;&lt;!--');
    // Exactly the scripts the page is built with (remotes.json and the board's data): none was opened by the data.
    expect(r.body.match(/<script/g)).toHaveLength(2);
    expect(r.body.match(/<\/script>/g)).toHaveLength(2);
    expect(r.body).not.toMatch(/<img|<b>|<!--/);
    const data = boardData(r.body);
    expect(data?.config.routeStopPairs[0].destination).toBe(hostile);
  });
});
