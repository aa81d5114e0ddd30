// The second half of buying a ticket, one lazily loaded chunk (spa.tsx "screen-buy-fare"): passengers and fare, the
// rider's details, review and pay; and the instant ticket. Each screen is its own file.
export { SelectTicketScreen } from './SelectTicketScreen';
export { UserDetailsScreen } from './UserDetailsScreen';
export { PayForTicketScreen } from './PayForTicketScreen';
export { InstantTicketScreen } from './InstantTicketScreen';
