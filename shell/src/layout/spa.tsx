// The shell's layout application (React, lazily loaded; never in kiosk mode): header plus the shell's own screens.
import type { LifeCycles } from 'single-spa';
import { setDeployedRemotes } from '@sawari/runtime';
import type { LayoutProps } from './Layout';

/**
 * The next task: the browser paints and answers input in between. Start-up work is cut into pieces this way (react-dom,
 * then the layout with react-intl, then the first render) so that no piece is one long task on a slow phone
 * (docs/architecture.md "First paint of /app").
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let lifecycles: LifeCycles<LayoutProps> | null = null;
let startTransition: (scope: () => void) => void = (scope) => scope();
async function load(): Promise<LifeCycles<LayoutProps>> {
  const [React, ReactDOMClient, { default: singleSpaReact }] = await Promise.all([import('react'), import('react-dom/client'), import('single-spa-react')]);
  startTransition = React.startTransition;
  await nextTask();
  // The browser loads its locale data (ICU) on the first Intl call: react-intl's first render asks whether the locale
  // is supported, which was one 60 ms piece of work under 4x CPU inside the render. Here each in a task of its own.
  Intl.NumberFormat.supportedLocalesOf('en-IN');
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf('en-IN');
  await nextTask();
  const { Layout } = await import(/* webpackChunkName: "layout-root" */ './Layout');
  await nextTask();
  lifecycles ??= singleSpaReact<LayoutProps>({
    React,
    ReactDOMClient,
    rootComponent: Layout,
    errorBoundary: () => <p role="alert">Something went wrong. Reload the page to try again.</p>,
  });
  return lifecycles;
}

type Lifecycle = (props: LayoutProps) => Promise<unknown>;
/**
 * Each lifecycle inside a transition: the first render (single-spa-react's `root.render`, called synchronously by its
 * mount) is then rendered in React's 5 ms slices instead of one long task (it was ~45 ms, ~180 ms at 4x CPU).
 */
const inTransition = (f: Lifecycle, props: LayoutProps) => {
  let done: Promise<unknown> = Promise.resolve();
  startTransition(() => {
    done = f(props);
  });
  return done;
};
const run = (fn: LifeCycles<LayoutProps>['mount'], props: LayoutProps) =>
  (Array.isArray(fn) ? fn : [fn]).reduce<Promise<unknown>>((p, f) => p.then(() => inTransition(f as Lifecycle, props)), Promise.resolve());

// What the deployed remotes contribute (Home tiles, checkout kinds, session hooks) is known before the first screen.
const publishRemotes = async (props: LayoutProps) => setDeployedRemotes(props.remotes);

export const bootstrap = async (props: LayoutProps) => run((await load()).bootstrap, props);
// The current route's screen, the catalog and the header's chunk first (Layout.tsx preloadLayout): the first render then
// suspends on nothing, and React's 300 ms fallback throttle never holds the screen back.
export const mount = [
  publishRemotes,
  async (props: LayoutProps) => {
    const lifecycles = await load();
    await (await import(/* webpackChunkName: "layout-root" */ './Layout')).preloadLayout();
    return run(lifecycles.mount, props);
  },
];
export const unmount = async (props: LayoutProps) => run((await load()).unmount, props);
