// The only module the shell imports from this remote: single-spa lifecycles. A board (kiosk) is plain DOM over the
// rows the server already wrote (features/board/boardDom.ts); the rider screens are React (reactRoot.tsx), loaded
// only on their paths, so a board never downloads react-dom (docs/airport-timings.md "First paint of a board").
// No react-router here: react-router alone would cost a board ~55 KB gzip; routes are matched with @sawari/runtime.
import { boardParams } from './features/board/boardRoute';
import { mountBoard } from './features/board/boardDom';
import './features/board/board.css';

type Props = { domElementGetter?: () => HTMLElement } & Record<string, unknown>;
type Lifecycles = { bootstrap(props: Props): Promise<unknown>; mount(props: Props): Promise<unknown>; unmount(props: Props): Promise<unknown> };

const host = (props: Props) => props.domElementGetter?.() ?? document.getElementById('sawari-outlet') ?? document.body;

function boardLifecycles(): Lifecycles {
  let stop: (() => void) | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      stop = mountBoard(host(props), boardParams(location.pathname) ?? {}, location.pathname);
    },
    unmount: async () => {
      stop?.();
      stop = null;
    },
  };
}
const board = boardLifecycles();
const react = (): Promise<Lifecycles> => import(/* webpackChunkName: "react-root" */ './reactRoot').then((m) => m.lifecycles as Lifecycles);

let active: { kind: 'board' | 'react'; lifecycles: Lifecycles; props: Props } | null = null;
const booted = new WeakSet<Lifecycles>();

async function mountKind(kind: 'board' | 'react', props: Props): Promise<void> {
  const lifecycles = kind === 'board' ? board : await react();
  if (!booted.has(lifecycles)) {
    await lifecycles.bootstrap(props);
    booted.add(lifecycles);
  }
  await lifecycles.mount(props);
  active = { kind, lifecycles, props };
}

/** The same app stays mounted across its own paths: moving between a board and a rider screen swaps the two. */
async function onRouting(): Promise<void> {
  if (!active) return;
  const kind = boardParams(location.pathname) ? 'board' : 'react';
  if (kind === active.kind) return;
  const { lifecycles, props } = active;
  active = null;
  await lifecycles.unmount(props);
  await mountKind(kind, props);
}
const routing = () => void onRouting();

export async function bootstrap(): Promise<void> {}

export async function mount(props: Props): Promise<void> {
  await mountKind(boardParams(location.pathname) ? 'board' : 'react', props);
  window.addEventListener('single-spa:routing-event', routing);
}

export async function unmount(): Promise<void> {
  window.removeEventListener('single-spa:routing-event', routing);
  const current = active;
  active = null;
  await current?.lifecycles.unmount(current.props);
}
