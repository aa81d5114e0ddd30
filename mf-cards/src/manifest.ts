// Everything this remote contributes to the app, in one place (docs/adding-a-seller-and-a-remote.md "Adding a remote").
// scripts/build.mjs reads it with tsx and publishes it in /app/remotes.json; text values are keys of src/i18n/*.json.
import type { RemoteManifest } from '@sawari/runtime/src/manifest';
import { routes } from './routes';

export const manifest = {
  routes,
  checkout: {
    cardRecharge: {
      returnPath: '/select-card/card-recharge-successful/:orderId',
      heading: 'checkout.cardRecharge.heading',
      product: 'checkout.cardRecharge.product',
    },
    ncmcCardRecharge: {
      returnPath: '/ncmc-card-recharge/successful/ncmc?orderId=:orderId',
      heading: 'checkout.ncmc.heading',
      product: 'checkout.ncmc.product',
    },
  },
  homeTiles: [{ path: '/card-payments', feature: 'cards', order: 40, title: 'home.tile.title', description: 'home.tile.desc' }],
} satisfies RemoteManifest;
