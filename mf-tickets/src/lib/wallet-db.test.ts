import { createOldDb, freshIndexedDb, rawRecords, reload, walletItem } from './test-support';
import { KEYS_DB, getDeviceKey, getWalletKey } from './keys';
import {
  STORE_NAMES,
  USER_CITY_INDEX,
  WALLET_DB,
  WALLET_DB_VERSION,
  clearRider,
  getAuth,
  getCachedPassData,
  getCurrentTransactionId,
  getRideReceipt,
  getWalletItem,
  legacyRecordsSealed,
  listWalletItems,
  openWalletDb,
  putAuth,
  putCachedPassData,
  putRideReceipt,
  putWalletItems,
  queuedPunches,
  setCurrentTransactionId,
} from './wallet-db';
import type { IDBFactory } from 'fake-indexeddb';

const NOW = 1_700_000_100_000;
let factory: IDBFactory;
beforeEach(() => {
  factory = freshIndexedDb();
});

const text = (x: unknown): string => JSON.stringify(x, (_k, v) => (v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? '<bytes>' : v));

describe('wallet database layout', () => {
  it('is version 7 with exactly the spec stores, keys and the [userProfile.userId, city] index', async () => {
    const db = await openWalletDb();
    expect(db.name).toBe(WALLET_DB);
    expect(db.version).toBe(7);
    expect(WALLET_DB_VERSION).toBe(7);
    expect([...db.objectStoreNames].sort()).toEqual([...STORE_NAMES].sort());
    const tx = db.transaction([...STORE_NAMES]);
    const keyPaths = Object.fromEntries(STORE_NAMES.map((s) => [s, tx.objectStore(s).keyPath]));
    expect(keyPaths).toEqual({
      myPassHistory: 'transactionId',
      currentTransactionId: null,
      auth: null,
      cachedPassData: 'transactionId',
      rideReceipt: 'transactionId',
      syncInProgress: 'process',
      syncInPending: 'process',
    });
    const index = tx.objectStore('myPassHistory').index(USER_CITY_INDEX);
    expect(index.keyPath).toEqual(['userProfile.userId', 'city']);
  });
});

describe('encrypted records', () => {
  it('round-trips the wallet listing per rider and city, newest booking first, and survives a reload', async () => {
    const a = walletItem({ transactionId: 'T-1', bookingTime: 1 });
    const b = walletItem({ transactionId: 'T-2', bookingTime: 2, ticketId: undefined, passId: 'P-2', productType: 'pass' });
    await putWalletItems('u1', 'mumbai', [a, b], NOW);
    await putWalletItems('u1', 'kochi', [walletItem({ transactionId: 'T-3', city: 'kochi' })], NOW);
    await putWalletItems('u2', 'mumbai', [walletItem({ transactionId: 'T-4' })], NOW);
    reload();
    const listed = await listWalletItems('u1', 'mumbai', NOW);
    expect(listed.items.map((i) => i.transactionId)).toEqual(['T-2', 'T-1']);
    expect(listed.items[1]).toEqual(a);
    expect(listed.savedAt).toBe(NOW);
    expect((await listWalletItems('u1', 'pune', NOW)).savedAt).toBeNull();
    expect(await getWalletItem('T-4', undefined, NOW)).toEqual(walletItem({ transactionId: 'T-4' }));
    expect(await getWalletItem('T-4', 'u1', NOW)).toBeNull(); // another rider's
    expect(await getWalletItem('nope')).toBeNull();
  });

  it('saving two cities at once keeps both saved times', async () => {
    await Promise.all([
      putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' })], NOW),
      putWalletItems('u1', 'kochi', [], NOW + 1),
      putWalletItems('u1', 'pune', [], NOW + 2),
    ]);
    expect((await getAuth('u1'))?.walletSavedAt).toEqual({ mumbai: NOW, kochi: NOW + 1, pune: NOW + 2 });
    await putAuth('u1', { userId: 'u1' }); // auth rewritten without the times: the items still tell when they were saved
    expect((await listWalletItems('u1', 'mumbai', NOW)).savedAt).toBe(NOW);
  });

  it('replaces a city listing: an item the server no longer lists is removed; an empty listing still counts as saved', async () => {
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' }), walletItem({ transactionId: 'T-2' })], NOW);
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-2', status: 'USED' })], NOW + 1);
    const listed = await listWalletItems('u1', 'mumbai', NOW);
    expect(listed.items.map((i) => [i.transactionId, i.status])).toEqual([['T-2', 'USED']]);
    await putWalletItems('u1', 'mumbai', [], NOW + 2);
    expect(await listWalletItems('u1', 'mumbai', NOW)).toEqual({ items: [], savedAt: NOW + 2 });
  });

  it('stores ciphertext: no fare, name or stop on disk, only the named index fields in clear', async () => {
    await putWalletItems('u1', 'mumbai', [walletItem()], NOW);
    await putCachedPassData('u1', 'T-1', { token: 'eyJ2IjoxfQ.c2ln', sc: 'a1b2c3d4e5f6' });
    await putRideReceipt('u1', 'T-1', { fare: 'Rs 25 Secret Stopname' });
    await setCurrentTransactionId('u1', 'T-1');
    await putAuth('u1', { userId: 'u1', phoneNumber: '9876543210' });
    const raw = await rawRecords(factory, WALLET_DB, 'myPassHistory');
    expect(raw).toHaveLength(1);
    const [key, rec] = raw[0] as [string, Record<string, unknown>];
    expect(key).toBe('T-1');
    expect(Object.keys(rec).sort()).toEqual(['city', 'sealed', 'transactionId', 'userId', 'userId_city', 'userProfile']);
    expect(rec).toMatchObject({ transactionId: 'T-1', city: 'mumbai', userId: 'u1', userId_city: 'u1_mumbai', userProfile: { userId: 'u1' } });
    const sealed = rec.sealed as { iv: Uint8Array; ct: ArrayBuffer };
    expect(sealed.iv).toHaveLength(12);
    const bytes = Buffer.from(sealed.ct).toString('latin1');
    for (const secret of ['Ramanathan', 'Secret Stopname', '2500', 'UNUSED', 'BEST']) expect(bytes).not.toContain(secret);
    const everything = text(await Promise.all(STORE_NAMES.map((s) => rawRecords(factory, WALLET_DB, s))));
    for (const secret of ['Ramanathan', 'Secret Stopname', 'eyJ2IjoxfQ', 'a1b2c3d4e5f6', 'Rs 25', '9876543210']) expect(everything).not.toContain(secret);
    // Every write gets its own IV.
    await putWalletItems('u1', 'mumbai', [walletItem()], NOW);
    const again = (await rawRecords(factory, WALLET_DB, 'myPassHistory'))[0][1] as { sealed: { iv: Uint8Array } };
    expect(Buffer.from(again.sealed.iv).equals(Buffer.from(sealed.iv))).toBe(false);
  });

  it('a ciphertext moved under another key or rider does not open (authenticated context)', async () => {
    await putWalletItems('u1', 'mumbai', [walletItem({ transactionId: 'T-1' })], NOW);
    const [, rec] = (await rawRecords(factory, WALLET_DB, 'myPassHistory'))[0] as [string, Record<string, unknown>];
    const db = await openWalletDb();
    await new Promise<void>((resolve) => {
      const tx = db.transaction('myPassHistory', 'readwrite');
      tx.objectStore('myPassHistory').put({ ...rec, transactionId: 'T-9' });
      tx.objectStore('myPassHistory').put({ ...rec, transactionId: 'T-8', userId: 'u2', userProfile: { userId: 'u2' } });
      tx.oncomplete = () => resolve();
    });
    expect(await getWalletItem('T-1')).not.toBeNull();
    expect(await getWalletItem('T-9')).toBeNull();
    expect(await getWalletItem('T-8')).toBeNull();
    expect((await listWalletItems('u1', 'mumbai', NOW)).items.map((i) => i.transactionId)).toEqual(['T-1']);
  });

  it('keeps cachedPassData, rideReceipt, currentTransactionId and auth per rider', async () => {
    await putCachedPassData('u1', 'T-1', { token: 'tok' });
    await putRideReceipt('u1', 'T-1', { rides: 2 });
    await setCurrentTransactionId('u1', 'T-1');
    await putAuth('u1', { userId: 'u1', phoneNumber: '9876543210' });
    reload();
    expect(await getCachedPassData('T-1')).toEqual({ token: 'tok' });
    expect(await getCachedPassData('T-1', 'u2')).toBeNull();
    expect(await getRideReceipt('T-1', 'u1')).toEqual({ rides: 2 });
    expect(await getCurrentTransactionId('u1')).toBe('T-1');
    expect(await getCurrentTransactionId('u2')).toBeNull();
    expect(await getAuth('u1')).toEqual({ userId: 'u1', phoneNumber: '9876543210' });
    await setCurrentTransactionId('u1', null);
    expect(await getCurrentTransactionId('u1')).toBeNull();
  });
});

describe('keys', () => {
  it('keeps non-extractable CryptoKeys themselves in sawari-keys, the same after a reload', async () => {
    const key = await getWalletKey();
    const device = await getDeviceKey();
    expect(key.extractable).toBe(false);
    expect(device.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('pkcs8', device.privateKey)).rejects.toThrow();
    expect(device.publicKeyRaw).toMatch(/^[A-Za-z0-9_-]{87}$/); // 65 bytes
    const stored = await rawRecords(factory, KEYS_DB, 'keys');
    expect(stored.map(([k]) => k).sort()).toEqual(['device-ecdsa-p256', 'wallet-aes-gcm']);
    const storedAes = stored.find(([k]) => k === 'wallet-aes-gcm')![1];
    expect(storedAes).toBeInstanceOf(CryptoKey); // the structured clone of a CryptoKey, not key bytes
    const storedPair = stored.find(([k]) => k === 'device-ecdsa-p256')![1] as CryptoKeyPair;
    expect(storedPair.privateKey).toBeInstanceOf(CryptoKey);
    reload();
    expect((await getDeviceKey()).publicKeyRaw).toBe(device.publicKeyRaw);
    // The reloaded wallet key opens what the first one sealed.
    await putAuth('u1', { userId: 'u1' });
    reload();
    expect(await getAuth('u1')).toEqual({ userId: 'u1' });
  });

  it('two tabs creating the keys at once end with one key pair and one wallet key', async () => {
    let other!: typeof import('./keys');
    jest.isolateModules(() => {
      other = require('./keys') as typeof import('./keys'); // a second copy of the module: another tab
    });
    const [a, b] = await Promise.all([getDeviceKey(), other.getDeviceKey()]);
    expect(a.publicKeyRaw).toBe(b.publicKeyRaw);
    const [k1, k2] = await Promise.all([getWalletKey(), other.getWalletKey()]);
    const iv = new Uint8Array(12);
    const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k1, new Uint8Array([1, 2, 3]));
    expect(new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, k2, ct))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await rawRecords(factory, KEYS_DB, 'keys')).toHaveLength(2);
    other.closeKeys();
  });
});

describe('upgrade from version 6', () => {
  it('keeps the plain records of an older layout, reads them, and encrypts them after the open', async () => {
    const old = walletItem({ transactionId: 'OLD-1' });
    await createOldDb(factory, WALLET_DB, 6, [
      { name: 'myPassHistory', keyPath: 'transactionId', records: [{ value: { ...old, userProfile: { userId: 'u1' } } }] },
      { name: 'currentTransactionId', records: [{ key: 'u1', value: 'OLD-1' }] },
      { name: 'cachedPassData', keyPath: 'transactionId', records: [{ value: { transactionId: 'OLD-1', userId: 'u1', token: 'old-token' } }] },
      // An older queue keyed by punchId: rebuilt under the `process` key.
      {
        name: 'syncInPending',
        keyPath: 'punchId',
        records: [
          {
            value: {
              punchId: 'c0ffee00-0000-4000-8000-000000000001',
              transactionId: 'OLD-1',
              punchingTime: NOW - 1000,
              vehicleNo: 'MH01',
              source: 'SCAN_QR',
              userId: 'u1',
            },
          },
        ],
      },
    ]);
    const db = await openWalletDb();
    expect(db.version).toBe(7);
    expect([...db.objectStoreNames].sort()).toEqual([...STORE_NAMES].sort());
    await legacyRecordsSealed();
    const listed = await listWalletItems('u1', 'mumbai', NOW);
    expect(listed.items.map((i) => i.transactionId)).toEqual(['OLD-1']);
    expect(listed.items[0].punches).toEqual([{ punchingTime: NOW - 1000 }]); // the old queued punch shows
    expect(await getCurrentTransactionId('u1')).toBe('OLD-1');
    expect(await getCachedPassData('OLD-1', 'u1')).toMatchObject({ token: 'old-token' });
    expect((await queuedPunches('u1')).map((p) => p.punchId)).toEqual(['c0ffee00-0000-4000-8000-000000000001']);
    for (const store of ['myPassHistory', 'currentTransactionId', 'cachedPassData', 'syncInPending']) {
      const raw = await rawRecords(factory, WALLET_DB, store);
      expect(raw).toHaveLength(1);
      expect(raw[0][1]).toHaveProperty('sealed');
      expect(text(raw)).not.toContain('old-token');
      expect(text(raw)).not.toContain('Ramanathan');
    }
    reload();
    expect((await listWalletItems('u1', 'mumbai', NOW)).items).toHaveLength(1);
    await clearRider('u1');
    for (const store of STORE_NAMES) expect(await rawRecords(factory, WALLET_DB, store)).toEqual([]);
  });

  it('upgrades from version 1 with a single store too', async () => {
    await createOldDb(factory, WALLET_DB, 1, [
      { name: 'myPassHistory', keyPath: 'transactionId', records: [{ value: { ...walletItem({ transactionId: 'V1' }), userProfile: { userId: 'u9' } } }] },
    ]);
    expect((await listWalletItems('u9', 'mumbai', NOW)).items.map((i) => i.transactionId)).toEqual(['V1']);
    await legacyRecordsSealed();
    expect((await rawRecords(factory, WALLET_DB, 'myPassHistory'))[0][1]).toHaveProperty('sealed');
  });
});

describe('logout', () => {
  it("clearRider removes that rider's records from every store and nobody else's", async () => {
    for (const u of ['u1', 'u2']) {
      await putWalletItems(u, 'mumbai', [walletItem({ transactionId: `${u}-T` })], NOW);
      await putCachedPassData(u, `${u}-T`, { token: u });
      await putRideReceipt(u, `${u}-T`, { r: u });
      await setCurrentTransactionId(u, `${u}-T`);
      await putAuth(u, { userId: u });
    }
    const { recordPunch } = await import('./punch-queue');
    await recordPunch('u1', { transactionId: 'u1-T', vehicleNo: 'MH01', punchingTime: NOW });
    await recordPunch('u2', { transactionId: 'u2-T', vehicleNo: 'MH02', punchingTime: NOW });
    await clearRider('u1');
    for (const store of STORE_NAMES) {
      const raw = await rawRecords(factory, WALLET_DB, store);
      expect(text(raw)).not.toContain('u1');
      if (store !== 'syncInProgress') expect(raw.length).toBeGreaterThan(0);
    }
    expect((await listWalletItems('u2', 'mumbai', NOW)).items).toHaveLength(1);
    expect(await getAuth('u1')).toBeNull();
    expect(await getAuth('u2')).not.toBeNull();
    expect(await queuedPunches('u2')).toHaveLength(1);
  });
});
