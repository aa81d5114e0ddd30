import type { RemoteEntry } from '@sawari/runtime/src/manifest';
import { forgetRider, mayHoldData, sendKeptOffline } from './remote-hooks';

const remote = (name: string, hooks: RemoteEntry['hooks'], databases: string[] = []): RemoteEntry => ({
  name,
  dir: name,
  version: '1',
  entry: '',
  prefixes: [],
  checkout: {},
  homeTiles: [],
  hooks,
  offline: { databases },
});
const idb = (names: string[] | Error | null) =>
  ({
    databases:
      names === null
        ? undefined
        : async () => {
            if (names instanceof Error) throw names;
            return names.map((name) => ({ name, version: 1 }));
          },
  }) as unknown as IDBFactory;

describe('remote hooks', () => {
  it('logout calls every declared logout hook with the userId, loading only remotes that declare one', async () => {
    const calls: string[] = [];
    const loaded: string[] = [];
    const load = async (name: string) => {
      loaded.push(name);
      return { clearRiderData: async (u: string) => calls.push(`${name}:${u}`) };
    };
    await forgetRider(
      load,
      [remote('mf_tickets', { logout: 'clearRiderData' }), remote('mf_tracking', {}), remote('mf_cards', { logout: 'clearRiderData' })],
      'U1',
    );
    expect(loaded).toEqual(['mf_tickets/spa', 'mf_cards/spa']);
    expect(calls).toEqual(['mf_tickets/spa:U1', 'mf_cards/spa:U1']);
  });

  it('a hook the remote does not export, or one that fails, is logged and the others still run', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls: string[] = [];
    const load = async (name: string) =>
      name === 'mf_a/spa'
        ? {}
        : name === 'mf_b/spa'
          ? { bye: async () => Promise.reject(new Error('db blocked')) }
          : { bye: async (u: string) => calls.push(u) };
    await forgetRider(load, [remote('mf_a', { logout: 'bye' }), remote('mf_b', { logout: 'bye' }), remote('mf_c', { logout: 'bye' })], 'U2');
    expect(calls).toEqual(['U2']);
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining('mf_a'), expect.stringContaining('mf_b')]);
    expect(String(log.mock.calls[0][1])).toContain('mf_a/spa has no bye');
    log.mockRestore();
  });

  it('sends what was kept offline only for remotes whose database exists on the device', async () => {
    const calls: string[] = [];
    const load = async (name: string) => ({ sync: async (u: string) => calls.push(`${name}:${u}`) });
    const remotes = [
      remote('mf_tickets', { online: 'sync' }, ['sawari-wallet']),
      remote('mf_cards', { online: 'sync' }, ['sawari-cards']),
      remote('mf_x', { online: 'sync' }),
    ];
    await sendKeptOffline(load, remotes, 'U3', idb(['sawari-wallet']));
    expect(calls).toEqual(['mf_tickets/spa:U3', 'mf_x/spa:U3']);
  });

  it('mayHoldData: unknown (no databases() listing, or it fails) counts as yes; no IndexedDB as no', async () => {
    const r = remote('mf_t', { online: 'sync' }, ['sawari-wallet']);
    expect(await mayHoldData(r, idb([]))).toBe(false);
    expect(await mayHoldData(r, idb(['sawari-wallet']))).toBe(true);
    expect(await mayHoldData(r, idb(null))).toBe(true);
    expect(await mayHoldData(r, idb(new Error('blocked')))).toBe(true);
    expect(await mayHoldData(r, undefined)).toBe(false);
    expect(await mayHoldData(remote('mf_n', { online: 'sync' }), undefined)).toBe(true);
  });
});
