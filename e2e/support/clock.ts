import { test as base, type BrowserContext } from '@playwright/test';
import { freePort, startServer } from './server';

// The fixed e2e clock (docs/testing.md): specs whose screens depend on the time of day (a bus leaving soon, live buses,
// the next departures, a seat's QR from 30 minutes before its slot) import `test` from here instead of
// @playwright/test. Their server is the real one (support/server.ts), started once per worker with SAWARI_CLOCK_START,
// and every browser context gets the same clock (Playwright's clock.install), so server and browser agree on tokens,
// countdowns and validity whatever the hour CI runs at.

/**
 * Wednesday 25 November 2026, 10:00 in Mumbai: premium buses run (weekdays 07:00 to 21:00, every 20 or 30 minutes, the
 * evening rush from 17:00 still ahead), the airport express runs both ways (every 30 minutes, 05:30/06:30 to
 * 21:30/22:30), the Saturday event trip (GE1) is three days ahead, and the demo feed's calendar (2025 to 2030) covers
 * it (api/data/reservations/lines.json, api/data/gtfs/mumbai-airport-express).
 */
export const CLOCK_START = '2026-11-25T10:00:00+05:30';
export const CLOCK_START_MS = Date.parse(CLOCK_START);
/**
 * How long after CLOCK_START the specs' promises hold: from 10:00, 6 hours is 16:00, before the evening rush and the
 * last buses. A worker's server is started once; a worker that lived longer fails here rather than testing the evening.
 */
export const CLOCK_GOOD_FOR_MS = 6 * 3_600_000;

/** A city date (YYYY-MM-DD) of an instant, in India time. */
export const cityDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(ms);

export interface ClockedServer {
  url: string;
  /** The server's clock, read from here (its offset from this machine's clock measured once). */
  now(): number;
}

/** Server time minus this machine's time, from the request with the shortest round trip of a few. */
async function clockOffset(url: string): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const sent = Date.now();
    const { serverTime } = (await (await fetch(`${url}/api/config/server-time`)).json()) as { serverTime: number };
    const received = Date.now();
    if (received - sent < best.rtt) best = { rtt: received - sent, offset: serverTime - (sent + received) / 2 };
  }
  return best.offset;
}

/** The clock's time now, refusing to go on once the worker has outlived CLOCK_GOOD_FOR_MS. */
function checkedNow(server: ClockedServer): number {
  const now = server.now();
  if (now - CLOCK_START_MS > CLOCK_GOOD_FOR_MS)
    throw new Error(`the fixed e2e clock reads ${new Date(now).toISOString()}: over ${CLOCK_GOOD_FOR_MS / 3_600_000} h past ${CLOCK_START}`);
  return now;
}

/** Puts a browser context (one the test makes itself) on the server's clock. */
export async function installServerClock(context: BrowserContext, server: ClockedServer): Promise<void> {
  await context.clock.install({ time: checkedNow(server) });
}

export const test = base.extend<{ serverNow: () => number }, { clockedServer: ClockedServer }>({
  clockedServer: [
    async ({}, provide) => {
      // On a free port of its own (support/server.ts freePort). As the Playwright config's server: the same
      // development gateway (serverEnv), the clock moved.
      const server = await startServer(await freePort(), { SAWARI_CLOCK_START: CLOCK_START });
      try {
        const offset = await clockOffset(server.url);
        await provide({ url: server.url, now: () => Date.now() + offset });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // Pages and the `request` fixture talk to the clocked server.
  baseURL: async ({ clockedServer }, provide) => provide(clockedServer.url),
  // The server's time for the test's own API calls and checks (never this machine's Date.now()).
  serverNow: async ({ clockedServer }, provide) => {
    checkedNow(clockedServer);
    await provide(() => checkedNow(clockedServer));
  },
  // Every page of the test reads the server's clock (Date, timers): it then ticks on from there.
  context: async ({ context, clockedServer }, provide) => {
    await installServerClock(context, clockedServer);
    await provide(context);
  },
});

export { expect } from '@playwright/test';
