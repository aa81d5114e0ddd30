/**
 * Rides the rider records on the device (scan-qr self-validation) and their sync to the server, with no loss and no
 * duplicate (docs/wallet-offline.md "Punch queue"):
 *
 * - {@link recordPunch} seals the punch into `syncInPending` and adds it to the saved wallet item at once.
 * - {@link syncPunches} (one at a time per tab, and across tabs through `navigator.locks` where it exists) moves a
 *   batch of ≤ 100 to `syncInProgress`, sends it, then removes the accepted and duplicate ones, keeps the rejected ones
 *   in `syncInPending` marked with the server's reason (never re-sent), and puts back any the answer did not name.
 *   A failed send puts the whole batch back. Records left in `syncInProgress` by a closed tab or a crash are re-sent
 *   at the next sync: the server is idempotent by punchId, so a re-sent punch comes back as a duplicate, not a ride.
 * - {@link startPunchSync} runs a sync now and on every `online` event.
 */
import { done, entries, req } from './idb';
import {
  addPunchToWalletItem,
  removePunchFromWalletItem,
  openRecord,
  openWalletDb,
  queueEntries,
  sealRecord,
  type LocalPunch,
  type QueueEntry,
  type StoredRecord,
} from './wallet-db';

export type { LocalPunch } from './wallet-db';

/** At most this many punches per `POST /api/validation/rides/sync` (the server's limit). */
export const SYNC_BATCH = 100;
const LOCK_NAME = 'sawari-punch-sync';
/** A send that has not answered by then counts as failed (its batch goes back to pending), so one hung request
 *  cannot block every later sync. A late answer is ignored; the re-send then comes back as duplicates. */
export const SYNC_SEND_TIMEOUT_MS = 30_000;

/** Body and answer of `POST /api/validation/rides/sync` (shared/contracts validation.ts). */
export interface RideSyncRequestBody {
  punches: LocalPunch[];
}
export interface RideSyncAnswer {
  accepted: string[];
  duplicates: string[];
  rejected: { punchId: string; code: string; message: string }[];
}
/** Sends one batch; in the app: `(body) => api.post('/validation/rides/sync', body)` through @sawari/runtime. */
export type SendPunches = (body: RideSyncRequestBody) => Promise<RideSyncAnswer>;

/** What one {@link syncPunches} call did, over all its batches. */
export interface SyncOutcome extends RideSyncAnswer {
  /** The error of the send that failed (its batch went back to pending), or null. */
  error: unknown;
  /** Punches still waiting (not rejected) after this sync. */
  pending: number;
}

export interface RecordPunchInput {
  transactionId: string;
  vehicleNo: string | null;
  stopId?: string | null;
  source?: LocalPunch['source'];
  /** Defaults to now (use the server-corrected clock, @sawari/runtime serverNow). */
  punchingTime?: number;
}

/**
 * Records a ride on this device: a new punch (punchId from crypto.randomUUID) in `syncInPending`, shown at once on
 * the saved wallet item. It syncs with the next {@link syncPunches}.
 */
export async function recordPunch(userId: string, input: RecordPunchInput): Promise<LocalPunch> {
  const punch: LocalPunch = {
    punchId: crypto.randomUUID(),
    transactionId: input.transactionId,
    punchingTime: input.punchingTime ?? Date.now(),
    vehicleNo: input.vehicleNo,
    stopId: input.stopId ?? null,
    source: input.source ?? 'SCAN_QR',
  };
  const record = await sealRecord('syncInPending', punch.punchId, userId, { punch, queuedAt: Date.now(), rejected: null } satisfies QueueEntry, {
    transactionId: punch.transactionId,
  });
  const db = await openWalletDb();
  const tx = db.transaction('syncInPending', 'readwrite');
  tx.objectStore('syncInPending').put(record);
  await done(tx);
  await addPunchToWalletItem(userId, punch, punch.punchingTime).catch((err: unknown) =>
    console.error('[mf_tickets] could not show the ride on the saved ticket', err),
  );
  return punch;
}

/** The rider's queued punches and their state (for the UI: "waiting to sync", "refused: <reason>"). */
export async function listQueuedPunches(
  userId: string,
): Promise<{ punch: LocalPunch; state: 'pending' | 'sending' | 'rejected'; rejected: QueueEntry['rejected'] }[]> {
  return (await queueEntries(userId)).map(({ store, entry }) => ({
    punch: entry.punch,
    state: entry.rejected ? 'rejected' : store === 'syncInProgress' ? 'sending' : 'pending',
    rejected: entry.rejected,
  }));
}

/** Removes a rejected punch once the rider has seen why (a pending one is never removed here). */
export async function dismissRejectedPunch(userId: string, punchId: string): Promise<void> {
  const db = await openWalletDb();
  const rec = await req(db.transaction('syncInPending').objectStore('syncInPending').get(punchId));
  if (!rec || (rec as StoredRecord).userId !== userId) return;
  const entry = await openRecord<QueueEntry>('syncInPending', punchId, rec);
  if (!entry?.rejected) return;
  const tx = db.transaction('syncInPending', 'readwrite');
  tx.objectStore('syncInPending').delete(punchId);
  await done(tx);
}

/**
 * A refusal of the request itself that sending it again cannot change (400 VALIDATION_FAILED, 413, 422): unlike a
 * network error, 5xx, 401 (session) or 429, which leave the punches pending.
 */
function isPermanentRefusal(err: unknown): err is { status: number; code?: string; message?: string } {
  const status = (err as { status?: unknown } | null)?.status;
  return status === 400 || status === 413 || status === 422;
}

/** Moves a batch to syncInProgress: what a crash left there first, then the oldest pending, not rejected. */
async function claimBatch(db: IDBDatabase, userId: string, size: number = SYNC_BATCH): Promise<{ key: string; record: StoredRecord; entry: QueueEntry }[]> {
  const read = db.transaction(['syncInPending', 'syncInProgress']);
  const [pending, inProgress] = await Promise.all([
    entries<StoredRecord>(read.objectStore('syncInPending')),
    entries<StoredRecord>(read.objectStore('syncInProgress')),
  ]);
  const open = async (store: 'syncInPending' | 'syncInProgress', rows: [IDBValidKey, StoredRecord][]) => {
    const out: { key: string; record: StoredRecord; entry: QueueEntry; from: typeof store }[] = [];
    for (const [key, record] of rows) {
      if (record.userId !== userId) continue;
      const entry = await openRecord<QueueEntry>(store, key, record);
      if (entry && !entry.rejected) out.push({ key: String(key), record, entry, from: store });
    }
    return out.sort((a, b) => a.entry.punch.punchingTime - b.entry.punch.punchingTime);
  };
  const batch = [...(await open('syncInProgress', inProgress)), ...(await open('syncInPending', pending))].slice(0, size);
  if (!batch.length) return [];
  // Plain v1–v6 records are sealed first, so what lands in syncInProgress is always ciphertext.
  for (const b of batch) {
    if (!b.record.sealed) b.record = await sealRecord('syncInProgress', b.key, userId, b.entry, { transactionId: b.entry.punch.transactionId });
  }
  const tx = db.transaction(['syncInPending', 'syncInProgress'], 'readwrite');
  for (const b of batch) {
    tx.objectStore('syncInProgress').put(b.record);
    if (b.from === 'syncInPending') tx.objectStore('syncInPending').delete(b.key);
  }
  await done(tx);
  return batch;
}

/** Settles a sent batch: drop accepted and duplicates, mark rejected, put the rest back to pending. */
async function settleBatch(
  db: IDBDatabase,
  userId: string,
  batch: { key: string; record: StoredRecord; entry: QueueEntry }[],
  answer: RideSyncAnswer | null,
): Promise<void> {
  const gone = new Set([...(answer?.accepted ?? []), ...(answer?.duplicates ?? [])]);
  const rejected = new Map((answer?.rejected ?? []).map((r) => [r.punchId, r]));
  const back = await Promise.all(
    batch
      .filter((b) => !gone.has(b.key))
      .map(async (b) => {
        const r = rejected.get(b.key);
        if (!r) return b.record;
        return sealRecord('syncInPending', b.key, userId, { ...b.entry, rejected: { code: r.code, message: r.message } } satisfies QueueEntry, {
          transactionId: b.entry.punch.transactionId,
        });
      }),
  );
  const tx = db.transaction(['syncInPending', 'syncInProgress'], 'readwrite');
  for (const b of batch) tx.objectStore('syncInProgress').delete(b.key);
  for (const record of back) tx.objectStore('syncInPending').put(record);
  await done(tx);
  for (const b of batch) {
    if (rejected.has(b.key))
      await removePunchFromWalletItem(userId, b.entry.punch).catch((err: unknown) =>
        console.error('[mf_tickets] could not take a refused ride off the saved ticket', err),
      );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the ride sync in ${ms} ms`)), ms);
    (timer as { unref?: () => void }).unref?.(); // Node (tests): a pending timeout does not keep the process alive
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function syncNow(userId: string, send: SendPunches, timeoutMs: number): Promise<SyncOutcome> {
  const db = await openWalletDb();
  const outcome: SyncOutcome = { accepted: [], duplicates: [], rejected: [], error: null, pending: 0 };
  // A batch refused as a whole (one malformed punch) is retried one punch at a time, so only the bad punch is
  // marked rejected and the others still sync. Ends: each round removes or marks what it sent, or stops.
  let size = SYNC_BATCH;
  for (;;) {
    const batch = await claimBatch(db, userId, size);
    if (!batch.length) break;
    let answer: RideSyncAnswer;
    try {
      answer = await withTimeout(send({ punches: batch.map((b) => b.entry.punch) }), timeoutMs);
    } catch (err) {
      if (isPermanentRefusal(err) && batch.length > 1) {
        await settleBatch(db, userId, batch, null);
        size = 1;
        continue;
      }
      if (isPermanentRefusal(err)) {
        answer = {
          accepted: [],
          duplicates: [],
          rejected: [{ punchId: batch[0].key, code: err.code ?? `HTTP_${err.status}`, message: err.message ?? 'The server refused this ride.' }],
        };
      } else {
        await settleBatch(db, userId, batch, null);
        outcome.error = err;
        break;
      }
    }
    await settleBatch(db, userId, batch, answer);
    outcome.accepted.push(...answer.accepted);
    outcome.duplicates.push(...answer.duplicates);
    outcome.rejected.push(...answer.rejected);
    // A punch the answer did not name went back to pending: stop rather than loop on it; the next sync retries it.
    const named = new Set([...answer.accepted, ...answer.duplicates, ...answer.rejected.map((r) => r.punchId)]);
    if (batch.some((b) => !named.has(b.key))) break;
  }
  outcome.pending = (await queueEntries(userId)).filter((e) => !e.entry.rejected).length;
  return outcome;
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Sends the rider's queued punches (see the module comment). Calls are serialised: a call made while another runs
 * waits for it, then syncs whatever is still queued (so a punch recorded meanwhile is not missed).
 */
export function syncPunches(userId: string, send: SendPunches, options: { timeoutMs?: number } = {}): Promise<SyncOutcome> {
  const timeoutMs = options.timeoutMs ?? SYNC_SEND_TIMEOUT_MS;
  const run = (): Promise<SyncOutcome> => {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    return locks ? (locks.request(LOCK_NAME, () => syncNow(userId, send, timeoutMs)) as unknown as Promise<SyncOutcome>) : syncNow(userId, send, timeoutMs);
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}

/**
 * Syncs at once and on every `online` event (call at start, signed in). Returns the function that stops listening.
 * `onOutcome` hears each sync's result (errors included; nothing is thrown).
 */
export function startPunchSync(userId: string, send: SendPunches, onOutcome?: (outcome: SyncOutcome) => void): () => void {
  const go = () =>
    void syncPunches(userId, send).then(
      (o) => onOutcome?.(o),
      (err: unknown) => onOutcome?.({ accepted: [], duplicates: [], rejected: [], error: err, pending: -1 }),
    );
  go();
  globalThis.addEventListener?.('online', go);
  return () => globalThis.removeEventListener?.('online', go);
}
