import type { FastifyInstance } from 'fastify';
import { withClosedLoopCheckDigit } from '@sawari/domain';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { rupeesToPaise, runTerminal } from './terminal';

/** `fetch` onto the test server (inject), so the command runs exactly as against a real one. */
const injectFetch = (app: FastifyInstance): typeof fetch =>
  (async (url: string | URL, init?: RequestInit) => {
    const r = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: new URL(String(url)).pathname,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(r.body, { status: r.statusCode, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

describe(`npm run terminal ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 60_000);
  afterAll(() => s?.cleanup());
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runTerminal(argv, { fetch: injectFetch(s.app), env: {}, out: (l) => lines.push(l) });
    return { code, out: lines.join('\n') };
  };

  it('reads rupees as typed', () => {
    expect(rupeesToPaise('25')).toBe(2_500);
    expect(rupeesToPaise('12.5')).toBe(1_250);
    expect(rupeesToPaise('12.50')).toBe(1_250);
    expect(rupeesToPaise('0')).toBe(0);
    for (const bad of ['', '-5', '1.234', 'abc', '1e3', '123456']) expect(rupeesToPaise(bad)).toBeNull();
  });

  it('taps a card, declines a fare the chip cannot pay, blocks and unblocks it', async () => {
    const card = withClosedLoopCheckDigit('981111222233334');
    const first = await run('tap', card.replace(/(.{4})/g, '$1 ').trim(), '--fare', '0', '--route', '7 Andheri');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Card XXXX XXXX XXXX ${card.slice(-4)} (city card)`);
    expect(first.out).toMatch(/balance now\s+₹0/);
    const declined = await run('tap', card, '--fare', '12.50');
    expect(declined.code).toBe(1);
    expect(declined.out).toContain('DECLINED        INSUFFICIENT_BALANCE');
    // The same tap id twice: the server replays its answer.
    const a = await run('tap', card, '--fare', '0', '--tap-id', 'cli-fixed-tap-1');
    const b = await run('tap', card, '--fare', '0', '--tap-id', 'cli-fixed-tap-1');
    expect(b.out).toBe(a.out);
    expect(await run('block', card)).toEqual({ code: 0, out: `Card XXXX XXXX XXXX ${card.slice(-4)} is now BLOCKED.` });
    expect((await run('tap', card, '--fare', '0')).out).toContain('DECLINED        CARD_BLOCKED');
    expect((await run('unblock', card)).out).toContain('is now ACTIVE.');
  });

  it('says what is wrong: usage, a missing fare, a refused request, a wrong key', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('tap', '6070000000000002')).out).toContain('--fare <rupees> is required');
    expect((await run('tap', '6070000000000002', '--fare', 'ten')).code).toBe(2);
    expect((await run('fly', '6070000000000002')).code).toBe(2);
    const refused = await run('tap', '4111111111111111', '--fare', '10');
    expect(refused).toEqual({ code: 1, out: expect.stringContaining('Refused (422 CARD_NOT_READABLE)') });
    expect((await run('tap', '6070000000000002', '--fare', '10', '--key', 'not-the-key-00')).out).toContain('401 VALIDATOR_UNAUTHENTICATED');
    expect((await run('--help')).code).toBe(0);
  });
});
