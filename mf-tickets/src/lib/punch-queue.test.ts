import { freshIndexedDb, rawRecords, walletItem } from './test-support';
import {
  dismissRejectedPunch,
  listQueuedPunches,
  recordPunch,
  startPunchSync,
  syncPunches,
  SYNC_BATCH,
  type RideSyncAnswer,
  type SendPunches,
} from './punch-queue';
import { WALLET_DB, getWalletItem, listWalletItems, putWalletItems, queuedPunches, type LocalPunch } from './wallet-db';
import type { IDBFactory } from 'fake-indexeddb';

const NOW = Date.now();
let factory: IDBFactory;
beforeEach(() => {
  factory = freshIndexedDb();
});

/** The server side: idempotent by punchId, as POST /api/validation/rides/sync is. */
function fakeServer(opts: { reject?: Set<string>; latencyMs?: number } = {}) {
  const rides = new Map<string, LocalPunch>();
  const sent: string[] = [];
  const calls: number[] = [];
  let failures = 0;
  let hang = false;
  const send: SendPunches = async ({ punches }) => {
    calls.push(punches.length);
    punches.forEach((p) => sent.push(p.punchId));
    if (failures > 0) {
      failures--;
      throw new Error('network down');
    }
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    const answer: RideSyncAnswer = { accepted: [], duplicates: [], rejected: [] };
    for (const p of punches) {
      if (opts.reject?.has(p.transactionId))
        answer.rejected.push({ punchId: p.punchId, code: 'NOT_VALID_AT_PUNCH_TIME', message: 'The ticket was not valid then' });
      else if (rides.has(p.punchId)) answer.duplicates.push(p.punchId);
      else {
        rides.set(p.punchId, p);
        answer.accepted.push(p.punchId);
      }
    }
    if (hang) return new Promise<RideSyncAnswer>(() => undefined); // the app dies before the answer arrives
    return answer;
  };
  return {
    send,
    rides,
    sent,
    calls,
    failNext: (n: number) => (failures = n),
    hangAfterRecording: (on: boolean) => (hang = on),
  };
}

const punchIn = (userId: string, transactionId: string, at: number) => recordPunch(userId, { transactionId, vehicleNo: 'MH01AB1234', punchingTime: at });

describe('recording a punch offline', () => {
  it('queues it sealed in syncInPending and shows the ride on the saved ticket at once', async () => {
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' })], NOW);
    const punch = await punchIn('u1', 'T-1', NOW - 5_000);
    expect(punch.punchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(punch.source).toBe('SCAN_QR');
    expect((await listQueuedPunches('u1')).map((q) => q.state)).toEqual(['pending']);
    const raw = await rawRecords(factory, WALLET_DB, 'syncInPending');
    expect(raw[0][0]).toBe(punch.punchId);
    expect(Object.keys(raw[0][1] as object).sort()).toEqual(['process', 'sealed', 'transactionId', 'userId']);
    expect(JSON.stringify(raw)).not.toContain('MH01AB1234');
    const item = await getWalletItem('T-1', 'u1', NOW);
    expect(item).toMatchObject({ punches: [{ punchingTime: NOW - 5_000 }], rideCount: 1, status: 'USED' });
    // A server listing fetched before the sync (no punch yet) does not hide it.
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' })], NOW);
    expect((await listWalletItems('u1', 'mumbai', NOW)).items[0].rideCount).toBe(1);
  });

  it('drops punches older than 24 h from the local count', async () => {
    const pass = walletItem({
      transactionId: 'P-1',
      ticketId: undefined,
      passId: 'P-1',
      productType: 'pass',
      maxTripsPerDay: 4,
      numOfTrips: null,
      punches: [{ punchingTime: NOW - 86_400_001 }, { punchingTime: NOW - 86_400_000 }],
    });
    await putWalletItems('u1', 'mumbai', [pass], NOW);
    await punchIn('u1', 'P-1', NOW - 1);
    const item = await getWalletItem('P-1', 'u1', NOW);
    expect(item?.punches).toEqual([{ punchingTime: NOW - 86_400_000 }, { punchingTime: NOW - 1 }]);
    expect(item?.rideCount).toBe(2);
    expect(item?.status).toBe('UNUSED');
  });
});

describe('syncing', () => {
  it('sends the queue once and empties it; the ride stays on the saved ticket', async () => {
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' })], NOW);
    const server = fakeServer();
    const p = await punchIn('u1', 'T-1', NOW);
    const outcome = await syncPunches('u1', server.send);
    expect(outcome).toEqual({ accepted: [p.punchId], duplicates: [], rejected: [], error: null, pending: 0 });
    expect(await queuedPunches('u1')).toEqual([]);
    expect(await rawRecords(factory, WALLET_DB, 'syncInProgress')).toEqual([]);
    expect((await getWalletItem('T-1', 'u1', NOW))?.rideCount).toBe(1);
    expect(await syncPunches('u1', server.send)).toMatchObject({ accepted: [], pending: 0 });
    expect(server.calls).toEqual([1]); // nothing left: no second request
  });

  it('a failed send puts the batch back; the retry delivers every punch exactly once', async () => {
    const server = fakeServer();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await punchIn('u1', 'T-1', NOW + i)).punchId);
    server.failNext(2);
    const first = await syncPunches('u1', server.send);
    expect(first.error).toBeInstanceOf(Error);
    expect(first.pending).toBe(3);
    expect((await listQueuedPunches('u1')).map((q) => q.state)).toEqual(['pending', 'pending', 'pending']);
    expect((await syncPunches('u1', server.send)).pending).toBe(3);
    const third = await syncPunches('u1', server.send);
    expect(third).toMatchObject({ accepted: ids, error: null, pending: 0 });
    expect([...server.rides.keys()].sort()).toEqual([...ids].sort());
  });

  it('a crash mid-sync leaves the batch in syncInProgress; the next start re-sends it and the server answers duplicate', async () => {
    const server = fakeServer();
    const a = await punchIn('u1', 'T-1', NOW);
    const b = await punchIn('u1', 'T-1', NOW + 1);
    server.hangAfterRecording(true);
    let dying!: typeof import('./punch-queue');
    jest.isolateModules(() => {
      dying = require('./punch-queue') as typeof import('./punch-queue');
    });
    void dying.syncPunches('u1', server.send); // never settles: the tab is closed while waiting
    // until the server has recorded the batch (then it hangs): a fixed 50 ms was too short once on a busy machine
    for (const until = Date.now() + 10_000; server.rides.size < 2 && Date.now() < until;) await new Promise((r) => setTimeout(r, 10));
    expect(server.rides.size).toBe(2);
    expect((await rawRecords(factory, WALLET_DB, 'syncInProgress')).map(([k]) => k).sort()).toEqual([a.punchId, b.punchId].sort());
    expect(await rawRecords(factory, WALLET_DB, 'syncInPending')).toEqual([]);
    expect((await listQueuedPunches('u1')).map((q) => q.state)).toEqual(['sending', 'sending']);
    // A new start of the app: fresh module state, same databases.
    server.hangAfterRecording(false);
    const c = await punchIn('u1', 'T-1', NOW + 2);
    let restarted!: typeof import('./punch-queue');
    jest.isolateModules(() => {
      restarted = require('./punch-queue') as typeof import('./punch-queue');
    });
    const outcome = await restarted.syncPunches('u1', server.send);
    expect(server.calls).toEqual([2, 3]);
    expect(outcome.duplicates.sort()).toEqual([a.punchId, b.punchId].sort());
    expect(outcome.accepted).toEqual([c.punchId]);
    expect(outcome.pending).toBe(0);
    expect(server.rides.size).toBe(3);
    expect(await rawRecords(factory, WALLET_DB, 'syncInProgress')).toEqual([]);
  });

  it('a send that never answers times out and puts its batch back, so later syncs are not blocked', async () => {
    const server = fakeServer();
    const p = await punchIn('u1', 'T-1', NOW);
    server.hangAfterRecording(true);
    const first = await syncPunches('u1', server.send, { timeoutMs: 30 });
    expect(String(first.error)).toMatch(/no answer/);
    expect(first.pending).toBe(1);
    server.hangAfterRecording(false);
    const second = await syncPunches('u1', server.send);
    expect(second).toMatchObject({ duplicates: [p.punchId], pending: 0 });
    expect(server.rides.size).toBe(1);
  });

  it('keeps rejected punches with their reason, never re-sends them, and lets the rider dismiss them', async () => {
    const server = fakeServer({ reject: new Set(['T-BAD']) });
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-BAD', ticketId: undefined, passId: 'P', productType: 'pass' })], NOW);
    const good = await punchIn('u1', 'T-1', NOW);
    const bad = await punchIn('u1', 'T-BAD', NOW + 1);
    expect((await getWalletItem('T-BAD', 'u1', NOW))?.rideCount).toBe(1);
    const outcome = await syncPunches('u1', server.send);
    expect(outcome.accepted).toEqual([good.punchId]);
    expect(outcome.rejected).toEqual([{ punchId: bad.punchId, code: 'NOT_VALID_AT_PUNCH_TIME', message: 'The ticket was not valid then' }]);
    expect(outcome.pending).toBe(0);
    expect(await listQueuedPunches('u1')).toEqual([
      { punch: bad, state: 'rejected', rejected: { code: 'NOT_VALID_AT_PUNCH_TIME', message: 'The ticket was not valid then' } },
    ]);
    expect(await queuedPunches('u1')).toEqual([]);
    expect((await getWalletItem('T-BAD', 'u1', NOW))?.rideCount).toBe(0); // the refused ride is taken off
    await syncPunches('u1', server.send);
    expect(server.calls).toEqual([2]);
    await dismissRejectedPunch('u1', bad.punchId);
    expect(await listQueuedPunches('u1')).toEqual([]);
  });

  it('a batch the server refuses as a whole (400) is retried one by one: only the bad punch is rejected', async () => {
    const server = fakeServer();
    const good = await punchIn('u1', 'T-1', NOW);
    const bad = await punchIn('u1', 'T-1', NOW + 1);
    const refusing: SendPunches = async (body) => {
      if (body.punches.some((p) => p.punchId === bad.punchId)) {
        throw Object.assign(new Error('vehicleNo: too long'), { status: 400, code: 'VALIDATION_FAILED' });
      }
      return server.send(body);
    };
    const outcome = await syncPunches('u1', refusing);
    expect(outcome.accepted).toEqual([good.punchId]);
    expect(outcome.rejected).toEqual([{ punchId: bad.punchId, code: 'VALIDATION_FAILED', message: 'vehicleNo: too long' }]);
    expect(outcome).toMatchObject({ error: null, pending: 0 });
    // A 5xx or 401 is not a refusal: the punch stays pending.
    const later = await punchIn('u1', 'T-1', NOW + 2);
    const down = await syncPunches('u1', async () => Promise.reject(Object.assign(new Error('Session expired'), { status: 401 })));
    expect(down.pending).toBe(1);
    expect((await listQueuedPunches('u1')).find((q) => q.punch.punchId === later.punchId)?.state).toBe('pending');
  });

  it(`sends in batches of ${SYNC_BATCH} and only the signed-in rider's punches`, async () => {
    const server = fakeServer();
    for (let i = 0; i < 150; i++) await punchIn('u1', 'T-1', NOW + i);
    await punchIn('u2', 'T-2', NOW);
    const outcome = await syncPunches('u1', server.send);
    expect(server.calls).toEqual([100, 50]);
    expect(outcome.accepted).toHaveLength(150);
    expect(await queuedPunches('u2')).toHaveLength(1);
  });

  it('concurrent calls (and punches recorded during a sync) send each punch once, losing none', async () => {
    const server = fakeServer({ latencyMs: 5 });
    const recorded: Promise<LocalPunch>[] = [];
    const syncs: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      recorded.push(punchIn('u1', 'T-1', NOW + i));
      syncs.push(syncPunches('u1', server.send));
    }
    const ids = (await Promise.all(recorded)).map((p) => p.punchId);
    await Promise.all(syncs);
    await syncPunches('u1', server.send);
    expect([...server.rides.keys()].sort()).toEqual([...ids].sort());
    expect(server.sent.length).toBe(new Set(server.sent).size); // no punch sent twice
    expect(await queuedPunches('u1')).toEqual([]);
  });

  it('two tabs syncing at once: with navigator.locks each punch is sent once; without, a re-send is only a duplicate', async () => {
    for (const withLocks of [true, false]) {
      factory = freshIndexedDb();
      const server = fakeServer({ latencyMs: 5 });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await punchIn('u1', 'T-1', NOW + i)).punchId);
      const nav = globalThis.navigator as unknown as { locks?: unknown } | undefined;
      const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
      if (withLocks) Object.defineProperty(globalThis, 'navigator', { value: { ...(nav ?? {}), locks: fakeLockManager() }, configurable: true });
      try {
        let tabB!: typeof import('./punch-queue');
        jest.isolateModules(() => {
          tabB = require('./punch-queue') as typeof import('./punch-queue');
        });
        await Promise.all([syncPunches('u1', server.send), tabB.syncPunches('u1', server.send)]);
      } finally {
        if (saved) Object.defineProperty(globalThis, 'navigator', saved);
        else delete (globalThis as { navigator?: unknown }).navigator;
      }
      expect([...server.rides.keys()].sort()).toEqual([...ids].sort());
      expect(await queuedPunches('u1')).toEqual([]);
      if (withLocks) expect(server.sent).toHaveLength(20);
      else expect(server.sent.length).toBeGreaterThanOrEqual(20); // the server's idempotency absorbs re-sends
    }
  });

  it('startPunchSync syncs at start and again when the network returns', async () => {
    const server = fakeServer();
    await punchIn('u1', 'T-1', NOW);
    server.failNext(1);
    const outcomes: unknown[] = [];
    const target = new EventTarget();
    const g = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown };
    const [add, remove] = [g.addEventListener, g.removeEventListener];
    g.addEventListener = target.addEventListener.bind(target);
    g.removeEventListener = target.removeEventListener.bind(target);
    try {
      const stop = startPunchSync('u1', server.send, (o) => outcomes.push(o));
      await waitFor(() => outcomes.length === 1);
      expect(outcomes[0]).toMatchObject({ pending: 1 });
      target.dispatchEvent(new Event('online'));
      await waitFor(() => outcomes.length === 2);
      expect(outcomes[1]).toMatchObject({ pending: 0, error: null });
      expect(server.rides.size).toBe(1);
      stop();
      target.dispatchEvent(new Event('online'));
      await new Promise((r) => setTimeout(r, 20));
      expect(outcomes).toHaveLength(2);
    } finally {
      g.addEventListener = add;
      g.removeEventListener = remove;
    }
  });
});

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
}

/** An exclusive Web Locks API stand-in (one holder per name, FIFO), shared by the "tabs" of a test. */
function fakeLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, cb: () => Promise<T>): Promise<T> {
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(cb, cb);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
