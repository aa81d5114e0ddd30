// Everything this remote contributes to the app, in one place (docs/adding-a-seller-and-a-remote.md "Adding a remote").
// scripts/build.mjs reads it with tsx and publishes it in /app/remotes.json; text values are keys of src/i18n/*.json.
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = {
  routes,
  checkout: {
    ticket: { returnPath: '/select-trip/booking-success/:orderId', heading: 'checkout.kind.heading', product: 'checkout.kind.product' },
    // a planned journey bought in one go: a ticket per bus, shown in the wallet
    journey: { returnPath: '/your-tickets-and-passes/journey/:orderId', heading: 'checkout.journey.heading', product: 'checkout.journey.product' },
  },
  homeTiles: [{ path: '/buy-bus-ticket', feature: 'tickets', order: 20, title: 'home.tile.title', description: 'home.tile.desc' }],
  // src/spa.tsx exports: the wallet database (src/lib/wallet-db.ts WALLET_DB) is the rider's, and rides punched offline
  // wait in it until they are sent (docs/wallet-offline.md).
  hooks: { logout: 'clearRiderData', online: 'syncPendingRides' },
  offline: { databases: ['sawari-wallet'] },
} satisfies RemoteManifest;
