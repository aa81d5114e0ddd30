// The recharge flow's screens (one per file), loaded together as the "screen-recharge" chunk by spa.tsx (spec §2
// Cards): choose a card (/select-card for the city card, /ncmc-card-recharge for NCMC), choose an amount, confirm the
// fee breakup and pay through the shell's one checkout (/select-payment); the checkout returns to the success screens;
// an NCMC recharge is then moved into the card's offline wallet (tranfer-in-offline-wallet) and confirmed when a
// terminal writes it.
export { SelectCardScreen } from './SelectCardScreen';
export { AmountScreen } from './AmountScreen';
export { ConfirmScreen } from './ConfirmScreen';
export { OrderSummaryScreen } from './OrderSummaryScreen';
export { SuccessScreen } from './SuccessScreen';
export { NcmcSuccessScreen } from './NcmcSuccessScreen';
export { TransferScreen } from './TransferScreen';
