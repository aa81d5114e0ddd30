/**
 * The pass catalogue's shapes (spec §3 Product configuration), apart from its rules (catalogue.ts) and texts
 * (catalogue-i18n.ts), so both can name them without importing each other.
 */
export interface Flags {
  isActive?: boolean;
  isVisible?: boolean;
}
export interface CatalogueCategory extends Flags {
  id: string;
  name: string;
  verification?: boolean | null;
  isProofRequired?: boolean | null;
}
export interface CatalogueSubCategory extends Flags {
  id: string;
  name: string;
  infoNote: string;
}
export interface CatalogueFare extends Flags {
  fmId: string;
  fare: number;
  discountedFare?: number;
  numOfDays: number;
  durationId: string;
  desc: string;
  subCatId: string;
  displayName: string;
  specialFeatures: string[];
  verification?: boolean | null;
  isProofRequired?: boolean | null;
}
/** One product configuration as written in api/data/passes/catalogue.json (fares in ₹). */
export interface CatalogueConfig extends Flags {
  id: string;
  name: string;
  serviceType: string;
  productType: string;
  productSubType?: string;
  agency: string;
  isProofRequired?: boolean | null;
  isRenewable?: boolean;
  activeDurationMs?: number;
  maxTripsPerDay?: number;
  landingMessage?: string;
  terms: string[];
  categories: CatalogueCategory[];
  subCategories: CatalogueSubCategory[];
  fareMapping: Record<string, CatalogueFare[]>;
}
/** A bank offer on some passes; cardBins: the card BIN ranges it is valid for (shared/domain bankOfferEarnedBy). */
export interface BankOffer {
  id: string;
  city: string;
  bank: string;
  percentOff: number;
  configIds: string[];
  cardBins?: string[];
}
