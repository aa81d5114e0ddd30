import { test, expect, type Page, type Request } from '@playwright/test';

// The demo feed runs every Airport Express route from its terminal every 30 min, 06:30 to 23:00 (Asia/Kolkata).
// The page clock keeps running after install, so every test starts 30 s into a minute: what the board shows stays the
// same for the first 30 s of real time the page takes to load. Countdowns count on the board's clock (minute of the
// departure minus the minute shown).
const at = (isoLocal: string) => new Date(`${isoLocal}+05:30`);
const TIMINGS = '**/api/tub/v1/trips/*/by_route_stop_pairs';

const boards = [
  { terminal: 'T1', bookAt: 'ARRIVAL HALL, Airport Express Counter' },
  { terminal: 'T2', bookAt: 'P6 ARRIVALS, Outside Gate A and Gate C' },
];
const layouts = [
  { segment: 'airport-express-bus-time', viewport: { width: 1080, height: 1920 } },
  { segment: 'airport-express-bus-time-horizontal', viewport: { width: 1920, height: 1080 } },
];

async function openBoard(page: Page, segment: string, terminal: string, time: Date) {
  await page.clock.install({ time });
  await page.goto(`/app/airport-static-screens/${segment}/${terminal}`);
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  // The rows come with the HTML: wait for the board's script to have taken them over (it consumes the inlined data).
  await expect(page.locator('#sawari-board-data')).toHaveCount(0);
}

// These tests steer the network with page.route; a service worker would answer in its place, so none here.
test.use({ serviceWorkers: 'block' });

const row = (page: Page, destination: string) => page.getByRole('row').filter({ hasText: destination });
/** The row of a destination says exactly this (so '1 min' cannot pass for '11 min'). */
const expectRow = (page: Page, destination: string, value: string, departs?: string) =>
  expect(row(page, destination)).toHaveText(
    new RegExp(`^\\s*${destination}\\s*${value}\\s*${departs ? `leaves ${departs}` : '(leaves \\d{1,2}:\\d\\d [AP]M)?'}\\s*$`),
  );

for (const { terminal, bookAt } of boards) {
  for (const { segment, viewport } of layouts) {
    test(`${segment} ${terminal} shows the next bus to each destination`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openBoard(page, segment, terminal, at('2026-11-21T10:06:30'));
      await expect(page.getByText('NEXT BUS TO', { exact: true })).toBeVisible();
      // The departure time next to the countdown.
      await expectRow(page, 'Kharghar', '24 min', '10:30 AM');
      await expectRow(page, 'Thane', '24 min');
      await expect(page.getByTestId('board-clock')).toHaveText('10:06 AM');
      await expect(page.getByText(bookAt)).toBeVisible();
      await expect(page.getByText('BOOK AT')).toBeVisible();
      // Fills the screen without scrolling: a kiosk has no one to scroll it.
      const overflow = await page.evaluate(() => ({
        w: document.documentElement.scrollWidth - innerWidth,
        h: document.documentElement.scrollHeight - innerHeight,
      }));
      expect(overflow.w).toBeLessThanOrEqual(0);
      expect(overflow.h).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${segment}-${terminal}.png`) });
    });
  }
}

test('the clock and the countdown move on every minute; hours show from one hour', async ({ page }) => {
  await openBoard(page, 'airport-express-bus-time', 'T1', at('2026-11-21T10:29:30'));
  await expect(page.getByTestId('board-clock')).toHaveText('10:29 AM');
  await expectRow(page, 'Kharghar', '1 min');
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('board-clock')).toHaveText('10:30 AM');
  // 10:30 has left: the next is 11:00.
  await expectRow(page, 'Kharghar', '30 min');

  await page.clock.setSystemTime(at('2026-11-21T23:09:30'));
  await page.reload();
  await expect(page.getByTestId('board-clock')).toHaveText('11:09 PM');
  // The last bus left at 22:30; the first tomorrow is 06:30.
  await expectRow(page, 'Thane', '7 hr 21 min');
});

test('keeps the last timings when the endpoint fails, says how old they are, then Not Available', async ({ page }) => {
  await openBoard(page, 'airport-express-bus-time', 'T2', at('2026-11-21T21:49:30'));
  await expectRow(page, 'Kharghar', '11 min');

  let failedCalls = 0;
  await page.route(TIMINGS, (route) => {
    failedCalls++;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'down' }) });
  });
  // 21:55:00: the minute tick re-renders; the data is 5 min 30 s old and the 22:00 bus is 5 min away.
  await page.clock.runFor(5 * 60_000 + 30_000);
  await expect.poll(() => failedCalls).toBeGreaterThan(0);
  await expect(page.getByTestId('board-clock')).toHaveText('9:55 PM');
  await expectRow(page, 'Kharghar', '5 min');
  await expect(page.getByText('Last updated 5 min ago')).toBeVisible();

  // 13 hours on, still failing: every kept timing is in the past.
  await page.clock.fastForward('13:00:00');
  await expectRow(page, 'Kharghar', 'Not Available');
  await expectRow(page, 'Thane', 'Not Available');
});

test('a failing board retries by itself with doubling delays, keeps its rows and says so, then recovers', async ({ page }) => {
  await openBoard(page, 'airport-express-bus-time', 'T1', at('2026-11-21T10:06:30'));
  await expectRow(page, 'Kharghar', '24 min');
  let calls = 0;
  await page.route(TIMINGS, (route) => {
    calls++;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'down' }) });
  });
  // The regular 30 s poll fails: the rows stay, with their age and the retry notice.
  await page.clock.runFor(30_000);
  await expect.poll(() => calls).toBe(1);
  await expect(page.getByTestId('board-reconnecting')).toHaveText(/Connection lost\. Retrying by itself/);
  await expect(page.getByTestId('board-age')).toContainText('Last updated less than a minute ago');
  await expectRow(page, 'Kharghar', '2[34] min');
  // Retries after 2 s, 4 s, 8 s (±20 %), not after another 30 s.
  await page.clock.runFor(2_500);
  await expect.poll(() => calls).toBe(2);
  await page.clock.runFor(5_000);
  await expect.poll(() => calls).toBe(3);
  await page.clock.runFor(6_000);
  expect(calls).toBe(3); // the third retry waits 6.4 s at the least
  await page.clock.runFor(4_000);
  await expect.poll(() => calls).toBe(4);
  // The server answers again: the next retry (12.8-19.2 s later) brings fresh data, nobody pressed anything.
  await page.unroute(TIMINGS);
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('board-reconnecting')).toHaveCount(0);
  await expect(page.getByTestId('board-age')).toHaveCount(0);
});

test('going from offline to online reloads the board', async ({ page, context }) => {
  await openBoard(page, 'airport-express-bus-time', 'T1', at('2026-11-21T10:06:30'));
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await context.setOffline(true);
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
});

test('a board loads mf-airport alone: no other remote, no account code', async ({ page, request }) => {
  const remotes = (await (await request.get('/app/remotes.json')).json()).remotes as { name: string; dir: string; entry: string }[];
  expect(remotes.map((r) => r.name)).toContain('mf_airport');
  const requested: string[] = [];
  page.on('request', (r: Request) => requested.push(new URL(r.url()).pathname));
  await openBoard(page, 'airport-express-bus-time', 'T1', at('2026-11-21T10:06:30'));
  await expectRow(page, 'Kharghar', '24 min');
  for (const remote of remotes.filter((r) => r.name !== 'mf_airport')) {
    expect(requested.filter((p) => p.startsWith(`/remotes/${remote.dir}/`))).toEqual([]);
  }
  expect(requested.some((p) => p.startsWith('/remotes/mf-airport/'))).toBe(true);
  expect(requested.filter((p) => /\/api\/(auth|profile)/.test(p) || /layout|login|account/i.test(p))).toEqual([]);
  // A board's page is one script of mf-airport's build (docs/airport-timings.md "A board without the shell"):
  // no shell main script, no federation (remotes.json, manifest, remote entry), no React.
  const scripts = requested.filter((p) => p.endsWith('.js'));
  expect(scripts.filter((p) => !/^\/remotes\/mf-airport\/[0-9a-f]{12}\/kiosk[.-]/.test(p))).toEqual([]);
  expect(scripts.filter((p) => /\/kiosk\.[0-9a-f]{10}\.js$/.test(p))).toHaveLength(1);
  expect(requested.filter((p) => /^\/app\/main\.|remotes\.json|mf-manifest|remoteEntry|react/.test(p))).toEqual([]);
  // The same log on /app does show the layout chunk: the check above can see what it looks for.
  requested.length = 0;
  await page.goto('/app/');
  // The header is in the first HTML now (first paint): wait for the layout chunk itself, not for the header.
  await expect.poll(() => requested.some((p) => /^\/app\/layout\.[0-9a-f]+\.js$/.test(p))).toBe(true);
});

test('an unknown terminal or product shows a clear message', async ({ page }) => {
  await page.goto('/app/airport-static-screens/airport-express-bus-time/T9');
  await expect(page.getByRole('alert')).toContainText(/T9/);
  await page.goto('/app/airport-static-screens/airport-rocket-bus-time/T1');
  await expect(page.getByRole('alert')).toContainText(/rocket/i);
  await page.goto('/app/airport-static-screens/not-a-board/T1');
  await expect(page.getByRole('alert')).toBeVisible();
});

test('a board whose script does not arrive keeps the served rows and reloads by itself until it does', async ({ page }) => {
  await page.route('**/remotes/mf-airport/**', (route) => route.abort('connectionrefused'));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/app/airport-static-screens/airport-express-bus-time/T1');
  // The rows the server wrote stay on screen: a board is never blank.
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  await expect(row(page, 'Kharghar')).toBeVisible();
  // Nobody will press anything: the page's guard reloads it (2 s, then doubling), rows again each time.
  await expect.poll(() => loads, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(row(page, 'Kharghar')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.kioskVersion)).toBeUndefined();
  // The script can be loaded again: the next reload runs the board (it takes over the rows and says its version).
  await page.unroute('**/remotes/mf-airport/**');
  await expect(page.locator('html[data-kiosk-version]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('#sawari-board-data')).toHaveCount(0);
  await expect(row(page, 'Kharghar')).toHaveText(/min|Not Available/);
});

// A board is a page of text; its rows come with its first HTML.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the rows, clock and BOOK AT are in the first HTML', async ({ page }) => {
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto('/app/airport-static-screens/airport-express-bus-time/T1');
    await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
    // Whatever the time of the run: the spec's countdown text (and the departure), or Not Available.
    for (const destination of ['Kharghar', 'Thane'])
      await expect(row(page, destination)).toHaveText(
        new RegExp(`^\\s*${destination}\\s*((\\d+ hr )?\\d+ min\\s*leaves \\d{1,2}:\\d\\d [AP]M|Not Available)\\s*$`),
      );
    await expect(page.getByTestId('board-clock')).toHaveText(/^\d{1,2}:\d\d [AP]M$/);
    await expect(page.getByText('ARRIVAL HALL, Airport Express Counter')).toBeVisible();
    // Laid out by the inlined styles alone: the board fills the screen, dark.
    const box = await page.locator('[data-board]').boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 1080, height: 1920 });
    await page.screenshot({ path: test.info().outputPath('board-without-javascript.png') });
  });
});

test('the board takes over the rows of its HTML in place, asks nothing until its next refresh, then runs as before', async ({ page }) => {
  await page.addInitScript(() => {
    // The board element the HTML brought, kept to check it is the one still shown after the board's script ran.
    new MutationObserver((_, observer) => {
      const board = document.querySelector('[data-board]');
      if (!board) return;
      (window as unknown as { servedBoard: Element }).servedBoard = board;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.clock.install();
  await page.goto('/app/airport-static-screens/airport-express-bus-time/T1');
  // Taken over: the data the server inlined is consumed, and the element the HTML brought is still the board shown.
  await expect(page.locator('#sawari-board-data')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { servedBoard?: Element }).servedBoard?.isConnected)).toBe(true);
  // No layout shift from the HTML's rows to the live board (the buffered entries, read at once: the clock is fake).
  const shifts = await page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    return observer.takeRecords().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0);
  });
  expect(shifts).toBeLessThan(0.01);
  expect(calls).toEqual([]);
  // The regular refresh 30 s after the server's answer: the timings only (the config came with the page).
  await page.clock.runFor(31_000);
  await expect.poll(() => calls).toEqual(['POST /api/tub/v1/trips/mumbai/by_route_stop_pairs']);
  await expect(row(page, 'Kharghar')).toHaveText(/min|Not Available/);
  expect(await page.evaluate(() => (window as unknown as { servedBoard?: Element }).servedBoard?.isConnected)).toBe(true);
});

// A kiosk's screen is whatever was bought. Both layouts at each common kiosk size show every
// destination row whole, inside the screen and above the BOOK AT footer, and nothing runs off the side.
const KIOSK_SIZES = [
  { width: 1080, height: 1920 },
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 1280, height: 1024 },
];
for (const { segment } of layouts) {
  for (const size of KIOSK_SIZES) {
    test(`${segment} at ${size.width}x${size.height} shows every destination row above BOOK AT`, async ({ page }) => {
      await page.setViewportSize(size);
      await openBoard(page, segment, 'T1', at('2026-03-02T10:10:30'));
      const rows = page.getByTestId('board-row');
      await expect(rows).toHaveCount(2);
      const layout = await page.evaluate(() => {
        const box = (e: Element | null) => e?.getBoundingClientRect().toJSON() as DOMRect;
        return {
          rows: [...document.querySelectorAll('[data-testid="board-row"]')].map(box),
          heading: box(document.querySelector('.sb-heading')),
          footer: box(document.querySelector('.sb-book')),
          scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
        };
      });
      await page.screenshot({ path: test.info().outputPath(`board-${segment}-${size.width}x${size.height}.png`) });
      expect(layout.footer.bottom).toBeLessThanOrEqual(size.height + 0.5);
      expect(layout.footer.right).toBeLessThanOrEqual(size.width + 0.5);
      expect(layout.heading.bottom).toBeLessThanOrEqual(layout.rows[0].top + 0.5);
      for (const r of layout.rows) {
        expect(r.height).toBeGreaterThan(0);
        expect(r.bottom, 'a row reaches into BOOK AT').toBeLessThanOrEqual(layout.footer.top + 0.5);
        expect(r.right).toBeLessThanOrEqual(size.width + 0.5);
      }
      expect(layout.scrollWidth).toBeLessThanOrEqual(size.width);
      await expect(row(page, 'Kharghar')).toBeInViewport({ ratio: 1 });
      await expect(row(page, 'Thane')).toBeInViewport({ ratio: 1 });
    });
  }
}
