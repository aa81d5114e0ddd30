// Everything this remote contributes to the app, in one place (docs/adding-a-seller-and-a-remote.md "Adding a remote").
// scripts/build.mjs reads it with tsx and publishes it in /app/remotes.json. The boards are kiosk screens: no tiles
// (Home links to them itself while this remote serves /airport-static-screens), no hooks, nothing kept for a rider.
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = { routes } satisfies RemoteManifest;
