// How remotes arrive (Module Federation) and what single-spa gets when one does not.
import { loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { AppProps, LifeCycles } from 'single-spa';
import { renderUnavailablePanel } from '@sawari/ui/src/dom';
import type { RemoteEntry } from './routing';
import { texts } from './texts';

/**
 * Named runtime plugin: a remote that fails to arrive (down, 404, bad deploy) is logged here and NOT recovered with a
 * substitute module, so loadRemote rejects and the single-spa wrapper below mounts the inline unavailable panel.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[sawari] remote "${id}" could not be loaded (${lifecycle}); showing its unavailable panel`, error);
      return undefined;
    },
  };
}

/** What the shell passes every application (custom props): where to mount. */
export type ShellProps = { domElementGetter: () => HTMLElement };
type Props = ShellProps & AppProps;
type Lifecycles = LifeCycles<ShellProps>;
export type LoadLifecycles = (remote: RemoteEntry, retry: boolean) => Promise<Lifecycles>;

/** Loads `<name>/spa`. A retry first re-registers the remote with force, which is the runtime's documented way to drop
 *  its cached manifest, entry and container: without it a second loadRemote would reuse the failed state. */
export const loadSpa: LoadLifecycles = async (remote, retry) => {
  if (retry) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  const mod = await loadRemote<Lifecycles>(`${remote.name}/spa`);
  if (!mod || typeof mod.mount !== 'function') throw new Error(`${remote.name}/spa has no single-spa lifecycles`);
  return mod;
};

async function run(fn: Lifecycles['mount'], props: Props): Promise<void> {
  for (const f of Array.isArray(fn) ? fn : [fn]) await f(props);
}

/**
 * The `app` of a remote's single-spa application: its real lifecycles, or (when it cannot be loaded) lifecycles that
 * mount the unavailable panel in its place. Retry loads it again and mounts the real lifecycles in the same element.
 */
export function resilientRemoteApp(remote: RemoteEntry, load: LoadLifecycles = loadSpa, autoRetry?: AutoRetry): () => Promise<Lifecycles> {
  return async () => {
    try {
      return await load(remote, false);
    } catch {
      return fallbackLifecycles(remote, load, autoRetry);
    }
  };
}

/** Delay before automatic retry number `attempt` (0 first); given for a kiosk, which has no one to press Retry. */
export type AutoRetry = (attempt: number) => number;

export function fallbackLifecycles(remote: RemoteEntry, load: LoadLifecycles, autoRetry?: AutoRetry): Lifecycles {
  let real: Lifecycles | null = null;
  let realBootstrapped = false;
  let realMounted = false;
  let current: Props | null = null;
  let removePanel: (() => void) | null = null;

  const mountReal = async (props: Props) => {
    if (!real) return;
    if (!realBootstrapped) await run(real.bootstrap, props);
    realBootstrapped = true;
    await run(real.mount, props);
    realMounted = true;
  };

  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retrying = false;
  let attempts = 0;
  const showPanel = (props: Props) => {
    const retry = async () => {
      clearTimeout(retryTimer);
      if (retrying || real) return;
      retrying = true;
      let loaded: Lifecycles;
      try {
        loaded = await load(remote, true);
      } catch {
        // still unavailable: the panel stays, Retry stays (and a kiosk tries again later by itself)
        if (autoRetry && current === props) retryTimer = setTimeout(() => void retry(), autoRetry(attempts++));
        return;
      } finally {
        retrying = false;
      }
      if (current !== props) return; // navigated away meanwhile
      real = loaded;
      removePanel?.();
      removePanel = null;
      await mountReal(props);
    };
    // A kiosk's container may hold rows its server wrote (a board's first HTML): without the remote nothing keeps them
    // current, so the panel takes their place while the kiosk retries by itself.
    if (autoRetry) props.domElementGetter().replaceChildren();
    removePanel = renderUnavailablePanel(props.domElementGetter(), texts.unavailable, () => void retry());
    if (autoRetry) retryTimer = setTimeout(() => void retry(), autoRetry(attempts++));
  };

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      current = props;
      if (real) await mountReal(props);
      else showPanel(props);
    },
    unmount: async (props) => {
      current = null;
      clearTimeout(retryTimer);
      removePanel?.();
      removePanel = null;
      if (real && realMounted) {
        realMounted = false;
        await run(real.unmount, props);
      }
    },
  };
}
