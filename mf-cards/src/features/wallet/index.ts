// The wallet's screens (one per file), loaded together as the "screen-cards" chunk by spa.tsx: the rider's cards
// (/card-payments) and one card (/sawari-card/summury?card=<ref>).
export { CardsScreen } from './CardsScreen';
export { CardSummaryScreen } from './CardSummaryScreen';
