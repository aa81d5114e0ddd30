// Everything this remote contributes to the app, in one place (docs/adding-a-seller-and-a-remote.md "Adding a remote").
// scripts/build.mjs reads it with tsx and publishes it in /app/remotes.json; text values are keys of src/i18n/*.json.
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = {
  routes,
  checkout: {
    pass: { returnPath: '/productHooks/bus-pass-purchase/booking-successful/:orderId', heading: 'checkout.kind.heading', product: 'checkout.kind.product' },
  },
  homeTiles: [{ path: '/productHooks', feature: 'passes', order: 10, title: 'home.tile.title', description: 'home.tile.desc' }],
} satisfies RemoteManifest;
