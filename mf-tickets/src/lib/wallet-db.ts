/**
 * The rider's encrypted local wallet (spec §3 "Local browser database", docs/wallet-offline.md): IndexedDB database
 * `sawari-wallet`, version 7, with exactly the spec's seven stores. Every record is AES-GCM encrypted with the device's
 * non-extractable wallet key ({@link getWalletKey}); only the index fields stay in clear: city, userId, userId_city,
 * transactionId, userProfile.userId, process. Works with no network: the wallet, the ticket tokens (cachedPassData)
 * and receipts read from here render the QR offline.
 */
import type { WalletItem } from '@sawari/contracts';
import { recentPunches } from '@sawari/domain';
import { done, entries, idbFactory, req } from './idb';
import { closeKeys, seal, unseal, type Sealed } from './keys';

export const WALLET_DB = 'sawari-wallet';
/** Spec §3 and §9: local database version 7. */
export const WALLET_DB_VERSION = 7;
/** Name of the myPassHistory index on [userProfile.userId, city]. */
export const USER_CITY_INDEX = 'userId_city';

export type StoreName = 'myPassHistory' | 'currentTransactionId' | 'auth' | 'cachedPassData' | 'rideReceipt' | 'syncInProgress' | 'syncInPending';
/** Each store's key: an in-line key path, or null for an out-of-line key (there: the rider's userId). */
export const STORE_LAYOUT: Readonly<Record<StoreName, string | null>> = {
  myPassHistory: 'transactionId',
  currentTransactionId: null,
  auth: null,
  cachedPassData: 'transactionId',
  rideReceipt: 'transactionId',
  syncInProgress: 'process',
  syncInPending: 'process',
};
export const STORE_NAMES = Object.keys(STORE_LAYOUT) as StoreName[];

/** A record as it lies on disk: the clear index fields and the sealed value (absent in a plain record from v1–v6). */
export interface StoredRecord {
  transactionId?: string;
  city?: string;
  userId?: string;
  userId_city?: string;
  userProfile?: { userId?: string };
  process?: string;
  sealed?: Sealed;
  [legacy: string]: unknown;
}

/** A punch recorded on this device (scan-qr), as `POST /api/validation/rides/sync` takes it. */
export interface LocalPunch {
  /** UUID made on the device: the server's idempotency key. */
  punchId: string;
  transactionId: string;
  punchingTime: number;
  vehicleNo: string | null;
  stopId?: string | null;
  source: 'SCAN_QR' | 'MANUAL';
}

/** What a punch-queue record holds (sealed). */
export interface QueueEntry {
  punch: LocalPunch;
  queuedAt: number;
  /** Set when the server refused the punch; such a punch is kept for the UI and never re-sent. */
  rejected: { code: string; message: string } | null;
}

/** What a myPassHistory record holds (sealed). */
interface WalletEntry {
  item: WalletItem;
  savedAt: number | null;
}

/** The rider's local account state (auth store). The UI may keep more fields; `walletSavedAt` is the lib's. */
export interface AuthRecord {
  userId: string;
  /** When each city's wallet listing was last saved from the server (epoch ms). */
  walletSavedAt?: Record<string, number>;
  [field: string]: unknown;
}

// --- opening and upgrading -------------------------------------------------------------------------------------------

let dbPromise: Promise<IDBDatabase> | null = null;
let legacySweep: Promise<void> | null = null;

/**
 * Brings a database of any earlier version (1–6) to the version 7 layout, keeping its records. Assumed earlier
 * layouts: a subset of the same stores holding plain (unencrypted) records. Missing stores are created; a store whose
 * key differs from the layout is rebuilt with the same records (re-keyed by their transactionId / process / userId);
 * myPassHistory gets its [userProfile.userId, city] index. Records stay plain here (WebCrypto cannot run inside an
 * upgrade transaction): they are read as they are and sealed right after the open ({@link sealLegacyRecords}).
 */
export function upgradeWalletDb(db: IDBDatabase, tx: IDBTransaction): void {
  for (const name of STORE_NAMES) {
    const keyPath = STORE_LAYOUT[name];
    if (!db.objectStoreNames.contains(name)) {
      const store = db.createObjectStore(name, keyPath ? { keyPath } : undefined);
      if (name === 'myPassHistory') store.createIndex(USER_CITY_INDEX, ['userProfile.userId', 'city']);
      continue;
    }
    const store = tx.objectStore(name);
    if (JSON.stringify(store.keyPath) === JSON.stringify(keyPath)) {
      if (name === 'myPassHistory') ensureUserCityIndex(store);
      continue;
    }
    // Rebuild with the right key: read every record (in this transaction), then replace the store.
    const rows: [IDBValidKey, unknown][] = [];
    const cursorReq = store.openCursor();
    cursorReq.onsuccess = () => {
      const cursor = cursorReq.result;
      if (cursor) {
        rows.push([cursor.primaryKey, cursor.value]);
        cursor.continue();
        return;
      }
      db.deleteObjectStore(name);
      const fresh = db.createObjectStore(name, keyPath ? { keyPath } : undefined);
      if (name === 'myPassHistory') fresh.createIndex(USER_CITY_INDEX, ['userProfile.userId', 'city']);
      for (const [oldKey, value] of rows) {
        if (keyPath) {
          if (!isObject(value)) continue; // a plain value cannot carry the key: nothing to keep it under
          if (typeof value[keyPath] !== 'string') value[keyPath] = typeof oldKey === 'string' ? oldKey : String(oldKey);
          fresh.put(value);
        } else {
          fresh.put(value, legacyUserId(value) ?? oldKey);
        }
      }
    };
  }
}

function ensureUserCityIndex(store: IDBObjectStore): void {
  if (store.indexNames.contains(USER_CITY_INDEX)) {
    if (JSON.stringify(store.index(USER_CITY_INDEX).keyPath) === JSON.stringify(['userProfile.userId', 'city'])) return;
    store.deleteIndex(USER_CITY_INDEX);
  }
  store.createIndex(USER_CITY_INDEX, ['userProfile.userId', 'city']);
}

/** The wallet database, opened (and upgraded) once per page. Closes itself when another tab upgrades it. */
export function openWalletDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    let upgradedFrom = 0;
    const open = idbFactory().open(WALLET_DB, WALLET_DB_VERSION);
    open.onupgradeneeded = (event) => {
      upgradedFrom = event.oldVersion;
      upgradeWalletDb(open.result, open.transaction!);
    };
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      if (upgradedFrom > 0)
        legacySweep = sealLegacyRecords(db).catch((err: unknown) => console.error('[mf_tickets] could not encrypt old wallet records', err));
      resolve(db);
    };
    open.onerror = () => reject(open.error);
    open.onblocked = () => undefined; // an old tab holds the old version; it closes on versionchange
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

/** Settles when the post-upgrade encryption of plain v1–v6 records (if one was started) has finished. */
export async function legacyRecordsSealed(): Promise<void> {
  await openWalletDb();
  await legacySweep;
}

/** Closes the connection and forgets keys held in memory (tests, or before deleting the databases). */
export function closeWalletDb(): void {
  void dbPromise?.then(
    (db) => db.close(),
    () => undefined,
  );
  dbPromise = null;
  legacySweep = null;
  closeKeys();
}

// --- sealing ------------------------------------------------------------------------------------------------------------

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
function legacyUserId(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.userId === 'string') return value.userId;
  const profile = value.userProfile;
  return isObject(profile) && typeof profile.userId === 'string' ? profile.userId : undefined;
}

/** The two queue stores share one context, so a record moves between them without being re-encrypted. */
const family = (store: StoreName): string => (store === 'syncInPending' || store === 'syncInProgress' ? 'punchQueue' : store);
const context = (store: StoreName, key: IDBValidKey, userId: string): string => `sawari-wallet/1|${family(store)}|${String(key)}|${userId}`;

/** The on-disk record for `value` under `key` for rider `userId`: clear index fields + sealed value. */
export async function sealRecord(store: StoreName, key: string, userId: string, value: unknown, clear: Partial<StoredRecord> = {}): Promise<StoredRecord> {
  const record: StoredRecord = { ...clear, userId, sealed: await seal(value, context(store, key, userId)) };
  const keyPath = STORE_LAYOUT[store];
  if (keyPath) record[keyPath] = key;
  return record;
}

/** A legacy (plain) record read as the value the current layout seals. */
function legacyValue(store: StoreName, rec: unknown): unknown {
  switch (store) {
    case 'myPassHistory':
      return { item: rec as WalletItem, savedAt: null } satisfies WalletEntry;
    case 'currentTransactionId':
      if (typeof rec === 'string') return { transactionId: rec };
      return isObject(rec) ? { transactionId: rec.transactionId ?? rec.currentTransactionId ?? null } : { transactionId: null };
    case 'syncInPending':
    case 'syncInProgress': {
      const r = rec as Record<string, unknown>;
      const punch = (isObject(r.punch) ? r.punch : r) as Record<string, unknown>;
      return {
        punch: {
          punchId: String(punch.punchId ?? r.process),
          transactionId: String(punch.transactionId),
          punchingTime: Number(punch.punchingTime),
          vehicleNo: (punch.vehicleNo as string | null | undefined) ?? null,
          stopId: (punch.stopId as string | null | undefined) ?? null,
          source: punch.source === 'MANUAL' ? 'MANUAL' : 'SCAN_QR',
        },
        queuedAt: Number(r.queuedAt ?? punch.punchingTime),
        rejected: null,
      } satisfies QueueEntry;
    }
    default:
      return rec;
  }
}

/**
 * The value of a stored record: unsealed, or read as it is when it is a plain record from v1–v6. Null when it cannot
 * be opened (another device's key, or altered bytes): such a record is treated as absent.
 */
export async function openRecord<T>(store: StoreName, key: IDBValidKey, rec: unknown): Promise<T | null> {
  if (rec === undefined || rec === null) return null;
  if (!isObject(rec) || !isObject(rec.sealed)) return legacyValue(store, rec) as T;
  try {
    return await unseal<T>(rec.sealed as unknown as Sealed, context(store, key, String(rec.userId ?? '')));
  } catch {
    return null;
  }
}

/** Clear fields for a myPassHistory record. */
const passClear = (userId: string, city: string, transactionId: string): Partial<StoredRecord> => ({
  transactionId,
  city,
  userId_city: `${userId}_${city}`,
  userProfile: { userId },
});

/**
 * Encrypts every plain record a v1–v6 database left (run once after an upgrade). A record written meanwhile (already
 * sealed) is left alone. A plain record with no userId is sealed for the rider its out-of-line key names
 * (currentTransactionId, auth), else for no rider ('').
 */
export async function sealLegacyRecords(db: IDBDatabase): Promise<void> {
  for (const store of STORE_NAMES) {
    const rows = await entries(db.transaction(store).objectStore(store));
    const plain = rows.filter(([, v]) => !isObject(v) || !isObject(v.sealed));
    if (!plain.length) continue;
    const sealed = await Promise.all(
      plain.map(async ([key, v]) => {
        // Out-of-line stores (currentTransactionId, auth) were keyed by the rider's userId.
        const userId = legacyUserId(v) ?? (STORE_LAYOUT[store] === null ? String(key) : '');
        const value = legacyValue(store, v);
        let clear: Partial<StoredRecord> = {};
        if (store === 'myPassHistory') clear = passClear(userId, String((v as StoredRecord).city ?? ''), String(key));
        else if (store === 'syncInPending' || store === 'syncInProgress') clear = { transactionId: (value as QueueEntry).punch.transactionId };
        else if (store === 'cachedPassData' || store === 'rideReceipt') clear = { transactionId: String(key) };
        return [key, await sealRecord(store, String(key), userId, value, clear)] as const;
      }),
    );
    const tx = db.transaction(store, 'readwrite');
    const os = tx.objectStore(store);
    for (const [key, record] of sealed) {
      const current = os.get(key);
      current.onsuccess = () => {
        if (current.result === undefined || (isObject(current.result) && isObject(current.result.sealed))) return;
        if (STORE_LAYOUT[store]) os.put(record);
        else os.put(record, key);
      };
    }
    await done(tx);
  }
}

// --- wallet items ------------------------------------------------------------------------------------------------------

/**
 * The item with this device's queued (not yet synced, not rejected) punches added, punches older than 24 h dropped
 * from the local count (spec §4), rideCount = the punches kept, and a single-journey ticket with all its trips
 * punched shown USED.
 */
export function withQueuedPunches(item: WalletItem, queued: readonly LocalPunch[], now: number): WalletItem {
  const times = new Set(item.punches.map((p) => p.punchingTime));
  const extra = queued.filter((p) => p.transactionId === item.transactionId && !times.has(p.punchingTime)).map((p) => ({ punchingTime: p.punchingTime }));
  const punches = recentPunches([...item.punches, ...extra], now).sort((a, b) => a.punchingTime - b.punchingTime);
  const used = !!item.ticketId && extra.length > 0 && punches.length >= (item.numOfTrips ?? 1) && item.status !== 'EXPIRED';
  return { ...item, punches, rideCount: punches.length, status: used ? 'USED' : item.status };
}

/** Punches of `userId` waiting to sync (pending or in progress; rejected ones excluded). */
export async function queuedPunches(userId: string): Promise<LocalPunch[]> {
  return (await queueEntries(userId)).filter((e) => !e.entry.rejected).map((e) => e.entry.punch);
}

/** Every queue record of a rider, with the store it is in. */
export async function queueEntries(userId: string): Promise<{ store: 'syncInPending' | 'syncInProgress'; entry: QueueEntry }[]> {
  const db = await openWalletDb();
  const tx = db.transaction(['syncInPending', 'syncInProgress']);
  const [pending, inProgress] = await Promise.all([entries(tx.objectStore('syncInPending')), entries(tx.objectStore('syncInProgress'))]);
  const out: { store: 'syncInPending' | 'syncInProgress'; entry: QueueEntry }[] = [];
  for (const [store, rows] of [
    ['syncInPending', pending],
    ['syncInProgress', inProgress],
  ] as const) {
    for (const [key, rec] of rows) {
      if (legacyUserId(rec) !== userId) continue;
      const entry = await openRecord<QueueEntry>(store, key, rec);
      if (entry) out.push({ store, entry });
    }
  }
  return out.sort((a, b) => a.entry.punch.punchingTime - b.entry.punch.punchingTime);
}

/**
 * Saves the server's wallet listing for a rider and city (GET /api/tickets/wallet), replacing that rider's saved
 * items of the city (an item the server no longer lists is removed). Punches queued on this device are kept in.
 */
export async function putWalletItems(userId: string, city: string, items: readonly WalletItem[], now: number = Date.now()): Promise<void> {
  const queued = await queuedPunches(userId);
  const sealed = await Promise.all(
    items.map((item) =>
      sealRecord(
        'myPassHistory',
        item.transactionId,
        userId,
        { item: withQueuedPunches(item, queued, now), savedAt: now } satisfies WalletEntry,
        passClear(userId, city, item.transactionId),
      ),
    ),
  );
  const db = await openWalletDb();
  const tx = db.transaction('myPassHistory', 'readwrite');
  const store = tx.objectStore('myPassHistory');
  const keep = new Set(items.map((i) => i.transactionId));
  const old = store.index(USER_CITY_INDEX).getAllKeys(IDBKeyRange.only([userId, city]));
  old.onsuccess = () => {
    for (const key of old.result) if (!keep.has(String(key))) store.delete(key);
    for (const record of sealed) store.put(record);
  };
  await done(tx);
  await updateAuth(userId, (auth) => ({ ...auth, walletSavedAt: { ...auth.walletSavedAt, [city]: now } }));
}

/**
 * The rider's saved items in a city (with queued punches applied), and when the listing was saved from the server
 * (null: never on this device). Readable with no network.
 */
export async function listWalletItems(userId: string, city: string, now: number = Date.now()): Promise<{ items: WalletItem[]; savedAt: number | null }> {
  const db = await openWalletDb();
  const rows = await entries<StoredRecord>(
    db.transaction('myPassHistory').objectStore('myPassHistory').index(USER_CITY_INDEX),
    IDBKeyRange.only([userId, city]),
  );
  const [queued, auth] = await Promise.all([queuedPunches(userId), getAuth(userId)]);
  const items: WalletItem[] = [];
  let itemsSavedAt: number | null = null;
  for (const [key, rec] of rows) {
    const entry = await openRecord<WalletEntry>('myPassHistory', key, rec);
    if (!entry) continue;
    items.push(withQueuedPunches(entry.item, queued, now));
    if (entry.savedAt !== null) itemsSavedAt = Math.max(itemsSavedAt ?? 0, entry.savedAt);
  }
  items.sort((a, b) => (b.bookingTime ?? 0) - (a.bookingTime ?? 0));
  // The items' own time covers a listing whose auth write was lost (another tab writing auth at the same moment).
  return { items, savedAt: auth?.walletSavedAt?.[city] ?? itemsSavedAt };
}

/** One saved item by transactionId (with queued punches applied); null when absent, or when it belongs to another rider than `userId` (if given). */
export async function getWalletItem(transactionId: string, userId?: string, now: number = Date.now()): Promise<WalletItem | null> {
  const db = await openWalletDb();
  const rec = await req(db.transaction('myPassHistory').objectStore('myPassHistory').get(transactionId));
  const owner = legacyUserId(rec);
  if (!rec || (userId !== undefined && owner !== userId)) return null;
  const entry = await openRecord<WalletEntry>('myPassHistory', transactionId, rec);
  if (!entry) return null;
  return withQueuedPunches(entry.item, owner ? await queuedPunches(owner) : [], now);
}

/** Adds a punch to the saved item at once (the rider sees the ride before it syncs). No-op when the item is not saved. */
export function addPunchToWalletItem(userId: string, punch: LocalPunch, now: number = Date.now()): Promise<void> {
  return changeSavedItem(userId, punch.transactionId, (item) => withQueuedPunches(item, [punch], now));
}

/**
 * Takes a punch the server refused back off the saved item (its ride never counted). The status is left as saved:
 * the next wallet listing from the server sets it.
 */
export function removePunchFromWalletItem(userId: string, punch: LocalPunch): Promise<void> {
  return changeSavedItem(userId, punch.transactionId, (item) => {
    const punches = item.punches.filter((p) => p.punchingTime !== punch.punchingTime);
    return { ...item, punches, rideCount: punches.length };
  });
}

async function changeSavedItem(userId: string, transactionId: string, change: (item: WalletItem) => WalletItem): Promise<void> {
  const db = await openWalletDb();
  const rec = await req(db.transaction('myPassHistory').objectStore('myPassHistory').get(transactionId));
  if (!rec || legacyUserId(rec) !== userId) return;
  const entry = await openRecord<WalletEntry>('myPassHistory', transactionId, rec);
  if (!entry) return;
  const item = change(entry.item);
  const city = String((rec as StoredRecord).city ?? item.city);
  const record = await sealRecord(
    'myPassHistory',
    transactionId,
    userId,
    { item, savedAt: entry.savedAt } satisfies WalletEntry,
    passClear(userId, city, transactionId),
  );
  const tx = db.transaction('myPassHistory', 'readwrite');
  tx.objectStore('myPassHistory').put(record);
  await done(tx);
}

// --- keyed stores: cachedPassData, rideReceipt (key transactionId), currentTransactionId, auth (key userId) ------------

async function putKeyed(store: 'cachedPassData' | 'rideReceipt', userId: string, transactionId: string, value: unknown): Promise<void> {
  const record = await sealRecord(store, transactionId, userId, value, { transactionId });
  const db = await openWalletDb();
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).put(record);
  await done(tx);
}

async function getKeyed<T>(store: StoreName, key: string, userId?: string): Promise<T | null> {
  const db = await openWalletDb();
  const rec = await req(db.transaction(store).objectStore(store).get(key));
  if (!rec || (userId !== undefined && legacyUserId(rec) !== userId)) return null;
  return openRecord<T>(store, key, rec);
}

/**
 * Data kept per ticket or pass to show it offline, above all the server-signed token for the QR
 * (`POST /api/validation/tokens`). The shape is the caller's; it is stored encrypted as given.
 */
export const putCachedPassData = <T>(userId: string, transactionId: string, data: T): Promise<void> => putKeyed('cachedPassData', userId, transactionId, data);
/** See {@link putCachedPassData}. Pass `userId` to get null for another rider's record. */
export const getCachedPassData = <T>(transactionId: string, userId?: string): Promise<T | null> => getKeyed<T>('cachedPassData', transactionId, userId);
/** The last ride receipt fetched for a ticket or pass (`GET /api/validation/receipts/:transactionId`). */
export const putRideReceipt = <T>(userId: string, transactionId: string, receipt: T): Promise<void> => putKeyed('rideReceipt', userId, transactionId, receipt);
/** See {@link putRideReceipt}. */
export const getRideReceipt = <T>(transactionId: string, userId?: string): Promise<T | null> => getKeyed<T>('rideReceipt', transactionId, userId);

async function putByUser(store: 'currentTransactionId' | 'auth', userId: string, value: unknown): Promise<void> {
  const record = await sealRecord(store, userId, userId, value);
  const db = await openWalletDb();
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).put(record, userId);
  await done(tx);
}

/** The ticket or pass the rider last opened to show (so a cold start can go straight to its QR); null clears it. */
export const setCurrentTransactionId = (userId: string, transactionId: string | null): Promise<void> =>
  putByUser('currentTransactionId', userId, { transactionId });
/** See {@link setCurrentTransactionId}. */
export async function getCurrentTransactionId(userId: string): Promise<string | null> {
  const value = await getKeyed<{ transactionId: string | null }>('currentTransactionId', userId);
  return value?.transactionId ?? null;
}

/** The rider's local account state (see {@link AuthRecord}); null when none is saved. */
export const getAuth = (userId: string): Promise<AuthRecord | null> => getKeyed<AuthRecord>('auth', userId);
/** Replaces the rider's auth record (keep `walletSavedAt` from {@link getAuth}, or use {@link updateAuth}). */
export const putAuth = (userId: string, auth: AuthRecord): Promise<void> => putByUser('auth', userId, { ...auth, userId });
/** Read-modify-write of the rider's auth record. */
let authChain: Promise<unknown> = Promise.resolve();
export function updateAuth(userId: string, change: (auth: AuthRecord) => AuthRecord): Promise<void> {
  // One read-modify-write at a time in this tab, so two saves (two cities) do not drop each other's change.
  const run = async () => putAuth(userId, change((await getAuth(userId)) ?? { userId }));
  const result = authChain.then(run, run);
  authChain = result.catch(() => undefined);
  return result;
}

// --- logout -------------------------------------------------------------------------------------------------------------

/**
 * Logout: removes every record of `userId` from all seven stores (other riders' records on the device stay). Punches
 * not yet synced are removed too: sync before logging out while online ({@link queuedPunches} tells if any wait).
 */
export async function clearRider(userId: string): Promise<void> {
  const db = await openWalletDb();
  const tx = db.transaction(STORE_NAMES, 'readwrite');
  for (const name of STORE_NAMES) {
    const cursorReq = tx.objectStore(name).openCursor();
    cursorReq.onsuccess = () => {
      const cursor = cursorReq.result;
      if (!cursor) return;
      const owner = legacyUserId(cursor.value) || (STORE_LAYOUT[name] === null ? String(cursor.primaryKey) : undefined);
      if (owner === userId) cursor.delete();
      cursor.continue();
    };
  }
  await done(tx);
}
