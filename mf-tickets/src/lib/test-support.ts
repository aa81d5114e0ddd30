// Test helpers for the wallet library (imported by *.test.ts only).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { WalletItem } from '@sawari/contracts';
import { closeWalletDb } from './wallet-db';

/** A fresh, empty IndexedDB for each test (and the library's cached connection and keys forgotten). */
export function freshIndexedDb(): IDBFactory {
  closeWalletDb();
  const factory = new IDBFactory();
  (globalThis as { indexedDB?: IDBFactory }).indexedDB = factory;
  return factory;
}

/** "Reload the page": the library forgets its connection and keys; the databases stay. */
export const reload = (): void => closeWalletDb();

export function walletItem(over: Partial<WalletItem> = {}): WalletItem {
  return {
    transactionId: 'T-1',
    ticketId: 'TK-1',
    configurationId: 'cfg-single',
    productType: 'singleJourneyTicket',
    productSubType: null,
    city: 'mumbai',
    agency: 'BEST',
    categoryId: 'adult',
    categoryName: 'Adult Ramanathan',
    fmId: 'fm-1',
    fare: 25,
    discountedFare: 25,
    farePaise: 2500,
    numOfDays: null,
    passStartDate: null,
    startTime: 1_700_000_000_000,
    expiryTime: 1_700_086_400_000,
    activationExpiryTime: null,
    bookingTime: 1_700_000_000_000,
    status: 'UNUSED',
    punches: [],
    rideCount: 0,
    maxTripsPerDay: 1,
    numOfTrips: 1,
    activeDuration: 120,
    fareInfo: { actualFare: 2500, discountedFare: 2500, payableAmount: 2500, fareBreakup: [{ name: 'Ticket fare', value: 2500 }] },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: ['Valid for one journey'],
    desc: null,
    routeId: 'R1',
    routeName: 'Colaba Depot to Secret Stopname',
    fromStopId: 'S1',
    fromStopName: 'Colaba Depot',
    toStopId: 'S2',
    toStopName: 'Secret Stopname',
    ...over,
  };
}

/** Every [key, value] of a store of a database, read raw (what lies on disk). */
export function rawRecords(factory: IDBFactory, dbName: string, store: string): Promise<[IDBValidKey, unknown][]> {
  return new Promise((resolve, reject) => {
    const open = factory.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const out: [IDBValidKey, unknown][] = [];
      const cursorReq = db.transaction(store).objectStore(store).openCursor();
      cursorReq.onsuccess = () => {
        const c = cursorReq.result;
        if (!c) {
          db.close();
          return resolve(out);
        }
        out.push([c.primaryKey, c.value]);
        c.continue();
      };
      cursorReq.onerror = () => reject(cursorReq.error);
    };
  });
}

/** Creates a database at an old version with the given stores and plain records (an app of an earlier release). */
export function createOldDb(
  factory: IDBFactory,
  dbName: string,
  version: number,
  stores: { name: string; keyPath?: string; records: { key?: IDBValidKey; value: unknown }[] }[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = factory.open(dbName, version);
    open.onupgradeneeded = () => {
      for (const s of stores) {
        const store = open.result.createObjectStore(s.name, s.keyPath ? { keyPath: s.keyPath } : undefined);
        for (const r of s.records) r.key === undefined ? store.put(r.value) : store.put(r.value, r.key);
      }
    };
    open.onsuccess = () => {
      open.result.close();
      resolve();
    };
    open.onerror = () => reject(open.error);
  });
}
