// The purchase up to payment (one screen per file), loaded together as the "screen-buy" chunk by spa.tsx: plan, fares
// (with confirmation), personal details, and, for a pass that needs no proofs, confirm details and pay.
export { SubCategoryScreen } from './SubCategoryScreen';
export { FaresScreen } from './FaresScreen';
export { FareConfirmScreen } from './FareConfirmScreen';
export { DetailsScreen } from './DetailsScreen';
export { ConfirmPayScreen } from './ConfirmPayScreen';
