// The session chores remotes declare in their manifests (hooks.logout, hooks.online; docs/architecture.md "Remotes as
// data"): called through loadRemote('<name>/spa'), so a remote that declares none is never loaded for them.
import type { RemoteEntry } from '@sawari/runtime/src/manifest';

type RiderHook = (userId: string) => Promise<unknown>;
export type LoadSpa = (name: string) => Promise<Record<string, unknown> | null | undefined>;

/** Calls the export a remote's manifest names for `hook`. A missing export is an error (the manifest promised it). */
export async function callHook(load: LoadSpa, remote: RemoteEntry, hook: 'logout' | 'online', userId: string): Promise<void> {
  const exported = remote.hooks[hook];
  if (!exported) return;
  const m = await load(`${remote.name}/spa`);
  const fn = m?.[exported];
  if (typeof fn !== 'function') throw new Error(`${remote.name}/spa has no ${exported} (its manifest's hooks.${hook})`);
  await (fn as RiderHook)(userId);
}

/**
 * Whether this device may hold something of `remote` to send: one of its declared databases exists (unknown where
 * indexedDB.databases is missing: then yes). A remote that declares no database is always asked.
 */
export async function mayHoldData(remote: RemoteEntry, idb: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
  const wanted = remote.offline.databases;
  if (wanted.length === 0) return true;
  if (!idb) return false;
  if (typeof idb.databases !== 'function') return true;
  try {
    return (await idb.databases()).some((d) => d.name !== undefined && wanted.includes(d.name));
  } catch {
    return true;
  }
}

/** Logout: every remote with a logout hook removes the rider's data on this device (failures are logged, not thrown). */
export async function forgetRider(load: LoadSpa, remotes: readonly RemoteEntry[], userId: string): Promise<void> {
  await Promise.all(
    remotes
      .filter((r) => r.hooks.logout)
      .map((r) =>
        callHook(load, r, 'logout', userId).catch((err: unknown) =>
          console.error(`[sawari] ${r.name} could not remove the rider's data from this device`, err),
        ),
      ),
  );
}

/** Online and signed in: each remote with an online hook whose database exists sends what it kept offline. */
export async function sendKeptOffline(load: LoadSpa, remotes: readonly RemoteEntry[], userId: string, idb?: IDBFactory): Promise<void> {
  for (const r of remotes) {
    if (!r.hooks.online || !(await mayHoldData(r, idb))) continue;
    await callHook(load, r, 'online', userId).catch((err: unknown) => console.error(`[sawari] ${r.name} could not send what was kept offline`, err));
  }
}
