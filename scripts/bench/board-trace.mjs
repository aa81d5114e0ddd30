// The board's first load under throttling (issue 15 "Boards and kiosks"): 4x CPU, 150 ms RTT, 1.6 Mbit/s down
// (Chrome DevTools Protocol: Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), a fresh profile, no
// service worker. Prints every request in the order it started with its start and end times (the request chain), and
// when the board's rows became visible. Also runnable alone against a running server:
//   node scripts/bench/board-trace.mjs http://127.0.0.1:18180
import { chromium } from '@playwright/test';

/** The issue's LCP budget, applied to the rows (they are the board's content). */
export const ROWS_TARGET_MS = 2000;
const BOARD_PATH = '/app/airport-static-screens/airport-express-bus-time/T1';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One throttled load of the board: { rowsMs, requests: [{ path, startMs, endMs }] } (times from navigation start). */
/** `withoutHints`: the board's HTML without what the server adds for boards (inline remotes.json, preloads): "before". */
export async function traceBoard({ base, chromiumPath, withoutHints = false }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1080, height: 1920 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests = new Map();
    let t0 = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (t0 === null) t0 = e.timestamp;
      const u = new URL(e.request.url);
      requests.set(e.requestId, { path: u.pathname, method: e.request.method, startMs: (e.timestamp - t0) * 1000, endMs: null });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r && t0 !== null) r.endMs = (e.timestamp - t0) * 1000;
    });
    // Both variants take the HTML through the same route, so they differ only in its content.
    await page.route(`${base}${BOARD_PATH}`, async (route) => {
      const res = await route.fetch();
      let body = await res.text();
      if (withoutHints) body = body.replace(/<script id="sawari-remotes"[^>]*>.*?<\/script>|<link rel="preload"[^>]*>/g, '');
      await route.fulfill({ response: res, body });
    });
    const started = Date.now();
    await page.goto(`${base}${BOARD_PATH}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="board-row"]').length > 0 &&
        /min|Not Available/.test(document.querySelector('[data-testid="board-row"]').textContent),
      null,
      { timeout: 60_000, polling: 50 },
    );
    // The rows' paint time as the page measured it (navigation start to the first frame showing them).
    const rowsMs = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
    await context.close();
    return { rowsMs, wallMs: Date.now() - started, requests: [...requests.values()].sort((a, b) => a.startMs - b.startMs) };
  } finally {
    await browser.close();
  }
}

/** Prints the chain and answers the figure for the bench table. */
export async function runBoardTrace({ base, chromiumPath, log = console.log }) {
  const out = {};
  for (const [name, withoutHints] of [
    ['before (no inline remotes.json, no preloads)', true],
    ['after', false],
  ]) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await traceBoard({ base, chromiumPath, withoutHints }));
    const median = [...runs].sort((a, b) => a.rowsMs - b.rowsMs)[1];
    log(`    ${name}: rows visible in ${runs.map((r) => `${(r.rowsMs / 1000).toFixed(2)} s`).join(', ')}; the median load's requests:`);
    for (const r of median.requests) {
      const end = r.endMs === null ? '   …  ' : `${(r.endMs / 1000).toFixed(2)} s`;
      log(`      ${(r.startMs / 1000).toFixed(2).padStart(5)} s → ${end}  ${r.method.padEnd(4)} ${r.path}`);
    }
    out[withoutHints ? 'before' : 'after'] = { rowsMs: median.rowsMs, requests: median.requests.length };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] || 'http://127.0.0.1:18180';
  const { before, after } = await runBoardTrace({ base, chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  console.log(
    `  board rows visible under 4x CPU + 150 ms / 1.6 Mbit/s: before ${(before.rowsMs / 1000).toFixed(2)} s, after ${(after.rowsMs / 1000).toFixed(2)} s (${after.requests} requests) (target ≤ ${ROWS_TARGET_MS / 1000} s: ${after.rowsMs <= ROWS_TARGET_MS ? 'met' : 'MISSED'})`,
  );
}
