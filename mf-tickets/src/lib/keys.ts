// The device's keys, kept as non-extractable CryptoKey objects in their own IndexedDB database (`sawari-keys`), apart
// from the wallet data they protect: the AES-GCM key that encrypts the wallet's records and the ECDSA P-256 key pair
// that signs the QR's dynamic part. The browser stores the CryptoKey itself (structured clone); its key material can
// never be read by script, only used.
import { exportDevicePublicKey, generateSigningKeyPair } from '@sawari/domain';
import { done, idbFactory, req } from './idb';

export const KEYS_DB = 'sawari-keys';
const KEYS_DB_VERSION = 1;
const KEYS_STORE = 'keys';
const WALLET_KEY_ID = 'wallet-aes-gcm';
const DEVICE_KEY_ID = 'device-ecdsa-p256';

let keysDb: Promise<IDBDatabase> | null = null;
let walletKey: Promise<CryptoKey> | null = null;
let deviceKey: Promise<DeviceKey> | null = null;

function openKeysDb(): Promise<IDBDatabase> {
  keysDb ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = idbFactory().open(KEYS_DB, KEYS_DB_VERSION);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(KEYS_STORE)) open.result.createObjectStore(KEYS_STORE);
    };
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => {
        db.close();
        keysDb = null;
      };
      resolve(db);
    };
    open.onerror = () => reject(open.error);
    open.onblocked = () => undefined; // waits for the other tab to close (it does on versionchange)
  }).catch((err: unknown) => {
    keysDb = null;
    throw err;
  });
  return keysDb;
}

/**
 * The stored key under `id`, or `fresh` stored there now. Two tabs may race: the read and the write share one
 * readwrite transaction, so the second tab finds the first tab's key and drops its own.
 */
async function getOrCreate<T>(id: string, fresh: () => Promise<T>): Promise<Awaited<T>> {
  const db = await openKeysDb();
  const existing = await req(db.transaction(KEYS_STORE).objectStore(KEYS_STORE).get(id));
  if (existing) return existing as Awaited<T>;
  const made = await fresh(); // WebCrypto is async and would end an open transaction: make the key first
  const tx = db.transaction(KEYS_STORE, 'readwrite');
  const store = tx.objectStore(KEYS_STORE);
  let result: Awaited<T> = made;
  const raced = store.get(id);
  raced.onsuccess = () => {
    if (raced.result) result = raced.result as Awaited<T>;
    else store.put(made, id);
  };
  await done(tx);
  return result;
}

/** The AES-GCM 256 key (non-extractable) that encrypts every wallet record on this device. */
export function getWalletKey(): Promise<CryptoKey> {
  walletKey ??= getOrCreate(
    WALLET_KEY_ID,
    () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']) as Promise<CryptoKey>,
  ).catch((err: unknown) => {
    walletKey = null;
    throw err;
  });
  return walletKey;
}

/** The device's signing key: `privateKey` (non-extractable, ECDSA P-256) and its public key as the server wants it. */
export interface DeviceKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** base64url of the raw uncompressed public point (65 bytes): `devicePublicKey` of POST /api/validation/tokens. */
  publicKeyRaw: string;
}

/**
 * This device's ECDSA P-256 key pair, made once and kept in `sawari-keys`. Its public key is bound into every ticket
 * token issued to this device (claim `dk`); the private key signs the QR's dynamic part every 10 s.
 */
export function getDeviceKey(): Promise<DeviceKey> {
  deviceKey ??= getOrCreate<CryptoKeyPair>(DEVICE_KEY_ID, () => generateSigningKeyPair(false))
    .then(async (pair) => ({ privateKey: pair.privateKey, publicKey: pair.publicKey, publicKeyRaw: await exportDevicePublicKey(pair.publicKey) }))
    .catch((err: unknown) => {
      deviceKey = null;
      throw err;
    });
  return deviceKey;
}

/** Forgets the open connection and the keys held in memory (tests; a new IndexedDB factory). Keys stay stored. */
export function closeKeys(): void {
  void keysDb?.then(
    (db) => db.close(),
    () => undefined,
  );
  keysDb = null;
  walletKey = null;
  deviceKey = null;
}

// --- record encryption -----------------------------------------------------------------------------------------------

/** The encrypted part of a stored record. */
export interface Sealed {
  /** Format version. */
  v: 1;
  /** 12 random bytes, new for every write. */
  iv: Uint8Array;
  /** AES-GCM ciphertext with its 16-byte tag. */
  ct: ArrayBuffer;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * Encrypts `value` (JSON) with the wallet key. `context` is authenticated but not stored: it names where the record
 * lives (store, key, rider), so a ciphertext copied under another key or rider fails to open.
 */
export async function seal(value: unknown, context: string): Promise<Sealed> {
  const key = await getWalletKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8.encode(context) }, key, utf8.encode(JSON.stringify(value)));
  return { v: 1, iv, ct };
}

/** Decrypts a {@link seal}ed value; throws when the key, the context or the bytes do not match. */
export async function unseal<T>(sealed: Sealed, context: string): Promise<T> {
  const key = await getWalletKey();
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer>, additionalData: utf8.encode(context) },
    key,
    sealed.ct,
  );
  return JSON.parse(fromUtf8.decode(plain)) as T;
}
