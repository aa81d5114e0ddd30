// Small promise helpers over raw IndexedDB (no library: the wallet needs version upgrades, compound indexes and
// multi-store transactions, which idb-keyval does not offer).

/** The IndexedDB factory in use: the page's, or one a test put on globalThis. Read at each open, never cached. */
export function idbFactory(): IDBFactory {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new Error('IndexedDB is not available');
  return factory;
}

/** Settles with a request's result. */
export function req<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Settles when a transaction commits (rejects when it aborts). */
export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('transaction aborted', 'AbortError'));
    tx.onerror = () => undefined; // onabort follows
  });
}

/** Every [primaryKey, value] of a store (or index range), via a cursor. */
export function entries<V = unknown>(source: IDBObjectStore | IDBIndex, query?: IDBValidKey | IDBKeyRange): Promise<[IDBValidKey, V][]> {
  return new Promise((resolve, reject) => {
    const out: [IDBValidKey, V][] = [];
    const cursorReq = source.openCursor(query);
    cursorReq.onsuccess = () => {
      const cursor = cursorReq.result;
      if (!cursor) return resolve(out);
      out.push([cursor.primaryKey, cursor.value as V]);
      cursor.continue();
    };
    cursorReq.onerror = () => reject(cursorReq.error);
  });
}
