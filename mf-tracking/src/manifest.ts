// Everything this remote contributes to the app, in one place (docs/adding-a-seller-and-a-remote.md "Adding a remote").
// scripts/build.mjs reads it with tsx and publishes it in /app/remotes.json; text values are keys of src/i18n/*.json.
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = {
  routes,
  homeTiles: [{ path: '/live-tracking', feature: 'tracking', order: 50, title: 'home.tile.title', description: 'home.tile.desc' }],
} satisfies RemoteManifest;
