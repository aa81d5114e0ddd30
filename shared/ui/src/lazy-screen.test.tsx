/**
 * @jest-environment jsdom
 */
import { act, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { lazyScreen, loadedOrLater } from './lazy-screen';

// A screen whose chunk is in renders on the first render: no Suspense fallback, so React's fallback throttle (300 ms
// after a fallback, whatever the chunk's own time) never holds it back. Before the chunk is in, it suspends once and
// then shows the loaded component without remounting it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounts: string[] = [];
function Screen({ name }: { name: string }) {
  useEffect(() => void mounts.push(name), [name]);
  return <h1>{name}</h1>;
}
const chunk = () => Promise.resolve({ default: Screen, Named: Screen });

async function draw(node: ReactNode) {
  const el = document.createElement('div');
  const root = createRoot(el);
  const shown: string[] = [];
  const Fallback = () => {
    shown.push('fallback');
    return <p>Loading</p>;
  };
  await act(async () => root.render(<Suspense fallback={<Fallback />}>{node}</Suspense>));
  return { el, shown, root };
}

beforeEach(() => void (mounts.length = 0));

describe('lazyScreen', () => {
  it('renders at once, without a fallback, once preloaded', async () => {
    const Lazy = lazyScreen(chunk);
    await Lazy.preload();
    const { el, shown, root } = await draw(<Lazy name="Tickets" />);
    expect(el.textContent).toBe('Tickets');
    expect(shown).toEqual([]);
    act(() => root.unmount());
  });

  it('picks a named export of a chunk several screens share', async () => {
    const Lazy = lazyScreen(chunk, (m) => m.Named);
    await Lazy.preload();
    const { el, shown } = await draw(<Lazy name="Fares" />);
    expect(el.textContent).toBe('Fares');
    expect(shown).toEqual([]);
  });

  it('suspends when not preloaded, then shows the screen once, mounted once', async () => {
    const Lazy = lazyScreen(chunk);
    const { el, shown, root } = await draw(<Lazy name="Passes" />);
    expect(shown).toEqual(['fallback']);
    expect(el.textContent).toBe('Passes');
    await act(async () =>
      root.render(
        <Suspense fallback={null}>
          <Lazy name="Passes" />
        </Suspense>,
      ),
    );
    expect(mounts).toEqual(['Passes']);
  });
});

describe('loadedOrLater', () => {
  it('answers when the loads are in, a failed one included', async () => {
    const started = Date.now();
    await loadedOrLater([Promise.resolve(1), Promise.reject(new Error('offline')), null], 5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
  it('answers after the wait when a load takes longer', async () => {
    const started = Date.now();
    await loadedOrLater([new Promise(() => undefined)], 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
