/** The offers module's public face: the service sellers price offers through, and the port that issues promotions. */
export { OfferService, type ApplicableOffer, type PromotionIssuer } from './service';
