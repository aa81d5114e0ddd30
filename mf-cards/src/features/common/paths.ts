// Where the card screens link to each other (spec §2 Cards, spellings as the spec has them). Cards are named by their
// own reference (crd_…), never a number.
export const CARDS_PATH = '/card-payments';
export const LINK_PATH = '/sawari-card/link-card-form';
export const summaryPath = (ref: string) => `/sawari-card/summury?card=${encodeURIComponent(ref)}`;
export const historyPath = (ref: string) => `/sawari-card/card-history/${encodeURIComponent(ref)}`;
/** One paid NCMC recharge to move into the card's offline wallet. */
export const transferPath = (orderId: string) => `/ncmc-card-recharge/tranfer-in-offline-wallet?orderId=${encodeURIComponent(orderId)}`;
/** Every paid NCMC recharge of a card waiting to be moved. */
export const transferCardPath = (ref: string) => `/ncmc-card-recharge/tranfer-in-offline-wallet?card=${encodeURIComponent(ref)}`;
