// Every route this remote owns (below the /app base path), spec §2 "Cards", spellings as the spec has them
// (transectionId, tranfer, summury). No imports: scripts/build.mjs reads it with tsx. The card-linking area is named
// after the product's card: /sawari-card. Its card-history/:cardNumber carries the card's own reference (crd_…),
// never a card number (docs/cards.md).
export const routes = [
  { path: '/card-payments', screen: 'cards' },
  { path: '/sawari-card/link-card-form', screen: 'link' },
  { path: '/sawari-card/summury', screen: 'summary' },
  { path: '/sawari-card/card-history/:cardNumber', screen: 'history' },
  { path: '/select-card', screen: 'selectCard' },
  { path: '/select-card/amount-selection', screen: 'amount' },
  { path: '/select-card/confirm-details-and-pay', screen: 'confirm' },
  { path: '/select-card/card-payment-summary', screen: 'orderSummary' },
  { path: '/select-card/card-recharge-successful/:transectionId', screen: 'success' },
  { path: '/recharge/amount-selection', screen: 'amount' },
  { path: '/ncmc-card-recharge', screen: 'selectCard' },
  { path: '/ncmc-card-recharge/amount-selection', screen: 'amount' },
  { path: '/ncmc-card-recharge/payment-details', screen: 'confirm' },
  { path: '/ncmc-card-recharge/successful/:cardType', screen: 'ncmcSuccess' },
  { path: '/ncmc-card-recharge/tranfer-in-offline-wallet', screen: 'transfer' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
