// The first half of buying a ticket, one lazily loaded chunk (spa.tsx "screen-buy-route"): what to buy, the route,
// the stops. Each screen is its own file.
export { BuyLandingScreen } from './BuyLandingScreen';
export { SelectRouteScreen } from './SelectRouteScreen';
export { SelectStopScreen } from './SelectStopScreen';
