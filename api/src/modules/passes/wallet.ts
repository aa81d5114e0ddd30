import type { SellerWalletItem, WalletSource } from '../payments';
import { renewalBlockOf, type CatalogueConfig } from './catalogue';
import { translationsFor } from './catalogue-i18n';
import type { OrderRow, PassRow, PassStore } from './store';

/** A wallet item as the passes module knows it: everything but punches, which the validation module records. */
export type PassWalletItem = SellerWalletItem;

/** Pass orders the wallet shows before they have a pass (spec §4: verification pending or rejected). */
const WALLET_ORDER_STATUSES = ['UNVERIFIED', 'REJECTED'];

/**
 * The read port the tickets module's wallet listing uses (GET /api/tickets/wallet): the rider's issued passes and
 * their verification-pending or rejected pass orders in a city, as spec §3 records (fare and discountedFare in ₹,
 * activeDuration in minutes).
 */
export function passWalletSource(store: PassStore, opts: WalletOptions = {}): WalletSource {
  return {
    async walletItems(userId: string, city: string): Promise<PassWalletItem[]> {
      const { fromPass, fromOrder } = readers(store, opts);
      const [passes, orders] = await Promise.all([store.passesIn(userId, city), store.ordersIn(userId, city, WALLET_ORDER_STATUSES)]);
      const items = [...(await Promise.all(passes.map(fromPass))), ...(await Promise.all(orders.map(fromOrder)))];
      return items.map((i) => ({ ...i, translations: itemTranslations(i) }));
    },
  };
}
export type PassWalletSource = WalletSource;

/** The catalogue texts of a wallet item in the app's other languages. */
const itemTranslations = (i: Pick<PassWalletItem, 'categoryName' | 'desc' | 'infoNote' | 'specialFeatures' | 'conditions'>) =>
  translationsFor([i.categoryName, i.desc ?? '', i.infoNote ?? '', ...i.specialFeatures, ...i.conditions].filter(Boolean));

/** photoUrl: a link an <img> can load for a proof file (the files module's signed link); without it, no photo. */
export interface WalletOptions {
  photoUrl?: (fileId: string) => string;
}

/**
 * The pass's holder: the name typed when it was bought (the order's userDetails.userName), and the
 * photograph among its proofs (a concession pass: its documents were verified before it was issued).
 */
export function holderOf(o: Pick<OrderRow, 'payload' | 'proofs'> | null, opts: WalletOptions): { name: string | null; photoUrl: string | null } | null {
  if (!o) return null;
  const name = (o.payload as { userDetails?: { userName?: unknown } }).userDetails?.userName;
  const photo = o.proofs.find((p) => p.kind === 'PHOTO');
  return { name: typeof name === 'string' && name.trim() ? name.trim() : null, photoUrl: photo && opts.photoUrl ? opts.photoUrl(photo.fileId) : null };
}

/** Record builders for one listing (configs read once per listing). */
function readers(store: PassStore, opts: WalletOptions = {}) {
  const configs = new Map<string, Promise<CatalogueConfig | null>>();
  const configOf = (city: string, id: string) => {
    const k = `${city}\u0000${id}`;
    if (!configs.has(k)) configs.set(k, store.config(city, id));
    return configs.get(k)!;
  };
  const details = (c: CatalogueConfig | null, categoryId: string, fmId: string) => {
    const fare = c?.fareMapping[categoryId]?.find((f) => f.fmId === fmId);
    const sub = fare && c?.subCategories.find((s) => s.id === fare.subCatId);
    return { fare, infoNote: sub?.infoNote ?? null, desc: fare?.desc ?? null };
  };

  const fromPass = async (p: PassRow): Promise<PassWalletItem> => {
    const holder = holderOf(await store.order(p.transactionId), opts);
    const r = p.record as Record<string, unknown> & { fareInfo: OrderRow['fareInfo'] };
    const c = await configOf(p.city, p.configId);
    const d = details(c, p.categoryId, p.fmId);
    const activeMs = r.activeDuration as number | null;
    return {
      transactionId: p.transactionId,
      passId: p.id,
      configurationId: p.configId,
      productType: (r.productType as string) ?? 'pass',
      productSubType: (r.productSubType as string | null) ?? null,
      city: p.city,
      agency: (r.agency as string) ?? '',
      categoryId: p.categoryId,
      categoryName: (r.categoryName as string) ?? p.categoryId,
      fmId: p.fmId,
      fare: r.fareInfo.actualFare / 100,
      discountedFare: r.fareInfo.discountedFare / 100,
      farePaise: r.fareInfo.payableAmount,
      numOfDays: (r.numOfDays as number) ?? null,
      passStartDate: (r.passStartDate as string) ?? null,
      startTime: p.startTime,
      expiryTime: p.expiryTime,
      activationExpiryTime: null,
      bookingTime: (r.bookingTime as number) ?? p.issuedAt,
      status: p.status,
      maxTripsPerDay: (r.maxTripsPerDay as number | null) ?? null,
      numOfTrips: null,
      activeDuration: activeMs == null ? null : activeMs / 60_000,
      fareInfo: {
        actualFare: r.fareInfo.actualFare,
        discountedFare: r.fareInfo.discountedFare,
        payableAmount: r.fareInfo.payableAmount,
        fareBreakup: r.fareInfo.fareBreakup,
      },
      // renewable now: the catalogue's one rule (a free trial's offer-only fare, or a fare off sale, is not)
      isRenewable: p.isRenewable && renewalBlockOf(c, p.categoryId, p.fmId) === null,
      specialFeatures: (r.specialFeatures as string[]) ?? [],
      infoNote: d.infoNote,
      conditions: (r.conditions as string[]) ?? [],
      desc: d.desc,
      holder,
    };
  };

  const fromOrder = async (o: OrderRow): Promise<PassWalletItem> => {
    const c = await configOf(o.city, o.configId);
    const d = details(c, o.categoryId, o.fmId);
    return {
      transactionId: o.transactionId,
      configurationId: o.configId,
      productType: c?.productType ?? 'pass',
      productSubType: c?.productSubType ?? null,
      city: o.city,
      agency: o.agency,
      categoryId: o.categoryId,
      categoryName: c?.categories.find((x) => x.id === o.categoryId)?.name ?? o.categoryId,
      fmId: o.fmId,
      fare: o.fareInfo.actualFare / 100,
      discountedFare: o.fareInfo.discountedFare / 100,
      farePaise: o.fareInfo.payableAmount,
      numOfDays: o.fareInfo.numOfDays,
      passStartDate: o.passStartDate,
      startTime: null,
      expiryTime: null,
      activationExpiryTime: null,
      bookingTime: o.createdAt,
      status: o.status,
      rejectionReason: o.status === 'REJECTED' ? o.rejectionReason : null,
      maxTripsPerDay: c?.maxTripsPerDay ?? null,
      numOfTrips: null,
      activeDuration: c?.activeDurationMs == null ? null : c.activeDurationMs / 60_000,
      fareInfo: {
        actualFare: o.fareInfo.actualFare,
        discountedFare: o.fareInfo.discountedFare,
        payableAmount: o.fareInfo.payableAmount,
        fareBreakup: o.fareInfo.fareBreakup,
      },
      isRenewable: o.fareInfo.isRenewable,
      specialFeatures: d.fare?.specialFeatures ?? [],
      infoNote: d.infoNote,
      conditions: c?.terms ?? [],
      desc: d.desc,
      holder: holderOf(o, opts),
    };
  };

  return { fromPass, fromOrder };
}
