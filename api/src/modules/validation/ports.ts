import type { RideSource } from '@sawari/contracts';
import { cityMidnight, DAY_MS } from '@sawari/domain';
import type { Db } from '../../platform/db';
import type { PassOrderService } from '../passes';

/**
 * A ticket or pass as validation sees it. The module that sells it (passes, tickets) answers it through a
 * {@link ValidatableLookup}; validation never reads another module's tables.
 */
export interface Validatable {
  transactionId: string;
  kind: 'pass' | 'ticket';
  /** Spec §3 productType (pass, magicpass, superpass, singleJourneyTicket) and productSubType. */
  productType: string;
  productSubType?: string | null;
  city: string;
  agency: string;
  /** The owner (the rider who bought it). */
  userId: string;
  /** Valid from (inclusive) and until (exclusive), epoch ms. */
  validFrom: number;
  validUntil: number;
  /** Trips per day: -1 unlimited, 1 for a single-journey ticket. */
  tripsPerDay: number;
  /** How long one ride stays active after its punch, minutes (null: no active duration). */
  activeDurationMin: number | null;
  /**
   * 'ISSUED': paid and issued, it validates between validFrom and validUntil. 'USED': a single-journey ticket already
   * used. Anything else (PENDING, UNVERIFIED, CANCELLED, REFUNDED, ...) cannot get a token or be punched.
   */
  status: string;
  /** For the receipt: what it is (e.g. "General pass · Adult", "Andheri → Bandra"), what was paid (paise), when. */
  title: string;
  farePaise: number;
  bookingTime: number | null;
  /** Extra receipt lines (route, stops, passengers, category...): flat values only. */
  details?: Record<string, string | number | boolean | null>;
}

/** What the owning module hears after a punch, inside the punch's transaction (throwing rolls the punch back). */
export interface PunchedEvent {
  transactionId: string;
  punchId: string;
  punchingTime: number;
  source: RideSource;
  /** USED when this punch used up a single-journey ticket. */
  status: 'ACTIVE' | 'USED';
  rideCount: number;
}

/** The port a selling module implements so its items can be validated (docs/validation.md "Plugging in"). */
export interface ValidatableLookup {
  /** For logs: 'passes', 'tickets'. */
  readonly name: string;
  /** The item with this transactionId, or null when this module has none. */
  find(transactionId: string): Promise<Validatable | null>;
  /** Optional: e.g. the tickets module marks a single-journey ticket USED. `tx` is the punch's transaction. */
  onPunched?(event: PunchedEvent, tx: Db): Promise<void>;
}

/** Passes (api/src/modules/passes): an issued pass in `passes`, with its order, read through the passes store. */
export function passValidatables(passes: PassOrderService): ValidatableLookup {
  const store = passes.store;
  return {
    name: 'passes',
    async find(transactionId) {
      const order = await store.order(transactionId);
      if (!order) return null;
      const pass = await store.passOfOrder(transactionId);
      const config = await store.config(order.city, order.configId);
      const rec = (pass?.record ?? {}) as Record<string, unknown>;
      const categoryName = (rec.categoryName as string | undefined) ?? config?.categories.find((c) => c.id === order.categoryId)?.name ?? order.categoryId;
      const maxTrips = (rec.maxTripsPerDay as number | null | undefined) ?? config?.maxTripsPerDay ?? null;
      const activeMs = (rec.activeDuration as number | null | undefined) ?? config?.activeDurationMs ?? null;
      const validFrom = pass?.startTime ?? Math.max(cityMidnight(order.passStartDate) ?? 0, 0);
      return {
        transactionId,
        kind: 'pass',
        productType: (rec.productType as string | undefined) ?? config?.productType ?? 'pass',
        productSubType: (rec.productSubType as string | null | undefined) ?? config?.productSubType ?? null,
        city: order.city,
        agency: order.agency,
        userId: order.userId,
        validFrom,
        validUntil: pass?.expiryTime ?? validFrom + order.fareInfo.numOfDays * DAY_MS,
        tripsPerDay: maxTrips == null || maxTrips < 0 ? -1 : maxTrips,
        activeDurationMin: activeMs == null ? null : Math.round(activeMs / 60_000),
        status: pass ? (pass.status === 'SUCCESS' ? 'ISSUED' : pass.status) : order.status,
        title: `${config?.name ?? order.configId} · ${categoryName}`,
        farePaise: order.payablePaise,
        bookingTime: (rec.bookingTime as number | undefined) ?? pass?.issuedAt ?? null,
        details: {
          passId: pass?.id ?? null,
          configurationId: order.configId,
          categoryId: order.categoryId,
          categoryName,
          numOfDays: order.fareInfo.numOfDays,
          passStartDate: order.passStartDate,
        },
      };
    },
  };
}

/** Tries each lookup in order; the first that knows the transactionId answers. */
export class Validatables {
  constructor(private readonly lookups: readonly ValidatableLookup[]) {}
  async find(transactionId: string): Promise<{ item: Validatable; lookup: ValidatableLookup } | null> {
    for (const lookup of this.lookups) {
      const item = await lookup.find(transactionId);
      if (item) return { item, lookup };
    }
    return null;
  }
}
