// Everything this remote contributes to the app (docs/adding-a-seller-and-a-remote.md "Adding a remote").
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = {
  routes,
  checkout: {
    // the payments API's `reservation` order kind (api/src/modules/reservations/payment-port.ts); returnData has transactionId
    reservation: { returnPath: '/premium-buses/ticket-successful-booking/:transactionId', heading: 'checkout.kind.heading', product: 'checkout.kind.product' },
  },
  homeTiles: [
    { path: '/premium-buses', feature: 'premium', order: 30, title: 'home.tile.title', description: 'home.tile.desc' },
    { path: '/great-escape', feature: 'premium', order: 35, title: 'home.escape.title', description: 'home.escape.desc' },
  ],
} satisfies RemoteManifest;
