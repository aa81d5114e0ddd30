// The booking steps (one screen per file), loaded together as the "screen-book" chunk by spa.tsx: lines → stops → slot
// and passengers → fare → hold (10-minute countdown) → the shared checkout → success.
export { LandingScreen } from './LandingScreen';
export { EscapeScreen } from './EscapeScreen';
export { SearchScreen } from './SearchScreen';
export { ProductScreen } from './ProductScreen';
export { SlotsScreen } from './SlotsScreen';
export { FareScreen } from './FareScreen';
export { PayScreen } from './PayScreen';
export { SuccessScreen } from './SuccessScreen';
export { UsePassScreen } from './UsePassScreen';
