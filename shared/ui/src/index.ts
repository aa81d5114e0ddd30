// @sawari/ui: the small design system. Import '@sawari/ui/src/theme.css' once per app for the theme variables.
// dom.ts has no React: the shell's root config uses it before (or without) React being loaded.
export { Button, UnavailablePanel, Spinner, Skeleton, type UnavailableTexts } from './components';
export { renderUnavailablePanel } from './dom';
export { RouteBadge, type RouteBadgeProps } from './route-badge';
export * from './icons';
export { lazyScreen, loadedOrLater, PRELOAD_WAIT_MS, type LazyScreen } from './lazy-screen';
