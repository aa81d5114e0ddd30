// The board's first load under throttling: 4x CPU, 150 ms RTT, 1.6 Mbit/s down
// (Chrome DevTools Protocol: Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), a fresh profile, no
// service worker. Prints every request in the order it started with its start and end times (the request chain), and
// when the board's rows became visible. Also runnable alone against a running server:
//   node scripts/bench/board-trace.mjs http://127.0.0.1:18180
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** The issue's LCP budget, applied to the rows (they are the board's content). */
export const ROWS_TARGET_MS = 2000;
const BOARD_PATH = '/app/airport-static-screens/airport-express-bus-time/T1';
/** The slow link (Chrome DevTools Protocol Network.emulateNetworkConditions). */
export const LINK = { latencyMs: 150, downBytesPerSec: (1.6 * 1024 * 1024) / 8, upBytesPerSec: (750 * 1024) / 8 };
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One throttled load of the board: { rowsMs, liveMs, requests: [{ path, startMs, endMs }] } (times from navigation
 * start). rowsMs: the first frame showing rows with a countdown; liveMs: the first frame after the board in the browser
 * took them over (it has consumed the data the server inlined, or, without it, drew rows of its own), so the minute
 * updates run from there. Both are read in the page at every animation frame, from before any of its scripts.
 * `withoutHints`: the board's HTML without anything the server adds for boards (rows, inline data and styles, inline
 * remotes.json, preloads), as a page kept elsewhere (the service worker's index.html) loads: "before".
 */
export async function traceBoard({ base, chromiumPath, withoutHints = false }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1080, height: 1920 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK.latencyMs,
      downloadThroughput: LINK.downBytesPerSec,
      uploadThroughput: LINK.upBytesPerSec,
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
    // "after": the board's HTML comes through the emulated slow link like every other request (no route: a response
    // fulfilled by a route skips Chromium's throttling, which made the figure one round trip and the HTML's transfer
    // too low). "before" must rewrite the HTML, so its route waits what the link takes for it instead: one round trip
    // plus its bytes as sent (gzip when the server compressed it) at the link's rate.
    if (withoutHints)
      await page.route(`${base}${BOARD_PATH}`, async (route) => {
        const res = await route.fetch();
        let body = await res.text();
        if (withoutHints)
          body = body
            .replace(/<script id="sawari-(remotes|board-data)"[^>]*>.*?<\/script>|<link rel="preload"[^>]*>|<style data-href[^>]*>.*?<\/style>/gs, '')
            .replace(/<div id="?sawari-app"?>.*?<\/main><\/div>/s, '<div id="sawari-app"></div>');
        // Honest "before": nothing of what the server adds for boards may be left (index.html is minified: quotes vary).
        if (withoutHints && /data-board|sawari-board-data|sawari-remotes|rel="?preload/.test(body)) throw new Error('the board HTML kept server additions');
        const sent = res.headers()['content-encoding'] ? gzipSync(body).length : Buffer.byteLength(body);
        await new Promise((resolve) => setTimeout(resolve, LINK.latencyMs + (sent / LINK.downBytesPerSec) * 1000));
        await route.fulfill({ response: res, body });
      });
    await context.addInitScript(() => {
      const look = () => {
        const row = document.querySelector('[data-testid="board-row"]');
        if (window.__rowsAt === undefined && row && /min|Not Available/.test(row.textContent)) window.__rowsAt = performance.now();
        if (window.__rowsAt !== undefined && !document.getElementById('sawari-board-data') && document.querySelector('[data-board]'))
          window.__liveAt = performance.now();
        if (window.__liveAt === undefined) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const started = Date.now();
    await page.goto(`${base}${BOARD_PATH}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__liveAt !== undefined, null, { timeout: 60_000, polling: 100 });
    const { rowsMs, liveMs } = await page.evaluate(() => ({ rowsMs: window.__rowsAt, liveMs: window.__liveAt }));
    // Wait for what the board asks after it is live (none when it started from the inlined data) to show in the log.
    await page.waitForTimeout(1000);
    await context.close();
    return { rowsMs, liveMs, wallMs: Date.now() - started, requests: [...requests.values()].sort((a, b) => a.startMs - b.startMs) };
  } finally {
    await browser.close();
  }
}

/** Prints the chain and answers the figure for the bench table. */
export async function runBoardTrace({ base, chromiumPath, log = console.log }) {
  const out = {};
  for (const [name, withoutHints] of [
    ['before (the HTML without server rows, inline data and styles, inline remotes.json, preloads)', true],
    ['after', false],
  ]) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await traceBoard({ base, chromiumPath, withoutHints }));
    const median = [...runs].sort((a, b) => a.rowsMs - b.rowsMs)[1];
    log(
      `    ${name}: rows visible in ${runs.map((r) => `${(r.rowsMs / 1000).toFixed(2)} s`).join(', ')}; live (the board's script took over) in ${runs
        .map((r) => `${(r.liveMs / 1000).toFixed(2)} s`)
        .join(', ')}; the median load's requests:`,
    );
    for (const r of median.requests) {
      const end = r.endMs === null ? '   …  ' : `${(r.endMs / 1000).toFixed(2)} s`;
      log(`      ${(r.startMs / 1000).toFixed(2).padStart(5)} s → ${end}  ${r.method.padEnd(4)} ${r.path}`);
    }
    const liveMedian = runs.map((r) => r.liveMs).sort((a, b) => a - b)[1];
    out[withoutHints ? 'before' : 'after'] = { rowsMs: median.rowsMs, liveMs: liveMedian, requests: median.requests.length };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] || 'http://127.0.0.1:18180';
  const { before, after } = await runBoardTrace({ base, chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  console.log(
    `  board rows visible under 4x CPU + 150 ms / 1.6 Mbit/s: before ${(before.rowsMs / 1000).toFixed(2)} s, after ${(after.rowsMs / 1000).toFixed(2)} s (${after.requests} requests) (target ≤ ${ROWS_TARGET_MS / 1000} s: ${after.rowsMs <= ROWS_TARGET_MS ? 'met' : 'MISSED'}); live after ${(after.liveMs / 1000).toFixed(2)} s`,
  );
}
