import { randomUUID } from 'node:crypto';
import type { FareRequest, LegFare, MultiRouteFareResponse, PassengersInput, RideLeg, TicketOrder, TicketOrderRequest, WalletItem } from '@sawari/contracts';
import {
  aggregateFares,
  checkPassengers,
  compareWalletItems,
  CITY_TIME_ZONE,
  fareTotals,
  formatPaise,
  isExpired,
  localDate,
  pathMeters,
  quoteFare,
  quoteInstant,
  firstUnconnectedLeg,
  rideSegment,
  stagesFor,
  sumFareLines,
  ticketValidity,
  type FareResult,
} from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { FreezeResult, OrderQuote, SettledPayment, WalletSource } from '../payments';
import type { PunchSource, RouteSource } from './ports';
import { TicketStore, type StoredLeg, type TicketOrderRow, type TicketRow } from './store';
import { businessMetrics } from '../../platform/metrics';

const bad = (code: string, message: string) => new ApiError(400, code, message);
const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such ticket order.');
/** Order statuses in which the order waits for payment. */
const PAYABLE = new Set(['PENDING', 'PAYMENT_FAILED']);
const dashed = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

const SUB_TYPE: Record<TicketOrderRow['kind'], string | null> = { singleJourney: null, multiRoute: 'multiRouteTicket', instant: 'instantTicket' };

/** A ticket as the validation module sees it (structurally its Validatable; docs/validation.md). */
export interface TicketValidatable {
  transactionId: string;
  kind: 'ticket';
  productType: string;
  productSubType: string | null;
  city: string;
  agency: string;
  userId: string;
  validFrom: number;
  validUntil: number;
  tripsPerDay: number;
  activeDurationMin: number | null;
  status: string;
  title: string;
  farePaise: number;
  bookingTime: number | null;
  details: Record<string, string | number | boolean | null>;
}

/**
 * Fares, ticket orders, issuing tickets (the payments module's `ticket` order kind), the wallet listing, and the hooks
 * the validation module calls. Spec §3, §4, §7 Tickets; docs/tickets.md.
 */
export class TicketService {
  readonly store: TicketStore;
  private punches: PunchSource | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    private readonly routes: RouteSource,
    /** Other sellers' wallet items (passes, cards, …) shown beside tickets. */
    private readonly walletSources: WalletSource[] = [],
  ) {
    this.store = new TicketStore(db);
  }

  /** The validation module's punches, for rides in the wallet listing (set once both modules exist). */
  usePunches(source: PunchSource): void {
    this.punches = source;
  }

  async enabledCity(city: string): Promise<void> {
    const on = await this.store.ticketsEnabled(city);
    if (on === null) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${city}".`);
    if (!on) throw new ApiError(403, 'TICKETS_NOT_ENABLED', 'Tickets are not sold in this city.');
  }

  // --- fares ----------------------------------------------------------------------------------------------------

  /** One leg's fare: the route's stop sequence from boarding to alighting, its length, the agency's table. */
  /** (Also the journey order's pricing and its issue-time check, journey.ts.) */
  async legFare(city: string, leg: RideLeg, passengers: PassengersInput, path = ''): Promise<LegFare> {
    const route = await this.routes.routePatterns(city, leg.routeId);
    if (!route) throw bad('ROUTE_NOT_FOUND', `${path}There is no route "${leg.routeId}" in this city.`);
    const seg = rideSegment(route.patterns, leg.fromStopId, leg.toStopId);
    if (!seg.ok) {
      if (seg.error === 'SAME_STOP') throw bad('SAME_STOP', `${path}The from-stop and the to-stop are the same stop. Choose where you get off.`);
      if (seg.error === 'WRONG_DIRECTION')
        throw bad(
          'WRONG_DIRECTION',
          `${path}This route does not go from "${leg.fromStopId}" to "${leg.toStopId}" in that order. Swap the stops or choose the other direction.`,
        );
      for (const [which, stopId] of [
        ['from', leg.fromStopId],
        ['to', leg.toStopId],
      ] as const) {
        if (route.patterns.some((p) => p.some((s) => s.stop_id === stopId))) continue;
        if (!(await this.routes.stop(city, stopId))) throw bad('STOP_NOT_FOUND', `${path}There is no stop "${stopId}" (${which}-stop) in this city.`);
        throw bad('STOP_NOT_ON_ROUTE', `${path}Route ${route.route_name} does not stop at "${stopId}" (${which}-stop).`);
      }
      throw bad('STOP_NOT_ON_ROUTE', `${path}This route does not serve these stops.`);
    }
    const agency = route.agency_name ?? '*';
    const table = await this.store.fareTable(city, agency);
    if (!table) throw new ApiError(409, 'FARE_NOT_AVAILABLE', `${path}There is no fare for route ${route.route_name} yet. Buy a ticket from the conductor.`);
    const passengerError = checkPassengers(passengers, table.maxPassengers);
    if (passengerError === 'NO_PASSENGERS') throw bad('NO_PASSENGERS', 'Choose at least one passenger.');
    if (passengerError) throw bad(passengerError, `One ticket is for at most ${table.maxPassengers} passengers.`);
    const distanceMeters = pathMeters(seg.stops);
    const fare = quoteFare(table, distanceMeters, passengers);
    const from = seg.stops[0];
    const to = seg.stops[seg.stops.length - 1];
    return {
      ...fare,
      routeId: route.route_id,
      routeName: route.route_name,
      agency: route.agency_name ?? table.agency,
      fromStopId: from.stop_id,
      fromStopName: from.stop_name,
      toStopId: to.stop_id,
      toStopName: to.stop_name,
      distanceMeters,
      stages: table.rule.model === 'stage' ? stagesFor(distanceMeters, table.rule.stageMeters) : null,
    };
  }

  /** POST /api/tickets/v1/cities/:city/fare (mobile-ticket fare). */
  async fare(city: string, req: FareRequest) {
    await this.enabledCity(city);
    return { city, ...(await this.legFare(city, req, req.passengers)) };
  }

  /** POST /api/tickets/v1/cities/:city/validate-fare: ok when the rider saw today's fare, else 409 FARE_CHANGED. */
  async validateFare(city: string, req: FareRequest & { farePaise: number }) {
    const fare = await this.fare(city, req);
    if (fare.payableAmount !== req.farePaise) throw fareChanged(fare.payableAmount);
    return { ok: true as const, farePaise: fare.payableAmount, fare };
  }

  /** POST /api/tickets/v1/cities/:city/multi-route-fare (web app): each leg's fare and their spec §4 aggregation. */
  async multiRouteFare(city: string, legs: RideLeg[], passengers: PassengersInput): Promise<MultiRouteFareResponse> {
    await this.enabledCity(city);
    const fares: LegFare[] = [];
    for (const [i, leg] of legs.entries()) fares.push(await this.legFare(city, leg, passengers, `Leg ${i + 1}: `));
    const agg = aggregateFares(fares) as FareResult;
    return {
      city,
      roundingLogic: agg.roundingLogic,
      passengerDetails: agg.passengerDetails,
      totalAvailableSeats: agg.totalAvailableSeats,
      ...fareTotals(agg),
      legs: fares,
    };
  }

  async instantFares(city: string) {
    await this.enabledCity(city);
    const table = await this.store.fareTable(city, '*');
    return { city, maxPassengers: table?.maxPassengers ?? 6, fares: await this.store.instantFares(city) };
  }

  // --- orders ---------------------------------------------------------------------------------------------------

  /**
   * POST /api/tickets/v1/orders: the fare is recomputed here; the rider's farePaise only detects a changed fare. The
   * server mints the transactionId; `orderKey` (the idempotency-key header) is scoped to the rider: the same key
   * answers the same order (20 identical requests make one), re-quotes it while nobody pays for it, and is refused
   * with 409 ORDER_FROZEN for another ride once a payment started.
   */
  async createOrder(userId: string, req: TicketOrderRequest, opts: { orderKey?: string } = {}): Promise<TicketOrder> {
    await this.enabledCity(req.city);
    let fare: FareResult & { payableAmount: number; actualAmount: number };
    let legs: StoredLeg[] = [];
    let agency: string;
    let instant: TicketOrderRow['ride']['instant'] = null;
    if (req.kind === 'instant') {
      const f = (await this.store.instantFares(req.city)).find((x) => x.id === req.instantFareId);
      if (!f) throw bad('INSTANT_FARE_NOT_FOUND', 'There is no such instant-ticket fare in this city. Choose one from the list.');
      const max = (await this.store.fareTable(req.city, '*'))?.maxPassengers ?? 6;
      if (req.passengerCount > max) throw bad('TOO_MANY_PASSENGERS', `One ticket is for at most ${max} passengers.`);
      fare = quoteInstant(f, req.passengerCount, max);
      agency = f.agency;
      instant = { fareId: f.id, name: f.name, farePaise: f.farePaise, passengerCount: req.passengerCount };
    } else if (req.kind === 'singleJourney') {
      const leg = await this.legFare(req.city, req, req.passengers);
      fare = leg;
      legs = [storedLeg(leg)];
      agency = leg.agency;
    } else {
      const m = await this.multiRouteFare(req.city, req.legs, req.passengers);
      // One ticket for routes in a row: each starts where the one before it ends (the rider changes buses there).
      const gap = firstUnconnectedLeg(m.legs);
      if (gap !== null) {
        const [prev, next] = [m.legs[gap - 1], m.legs[gap]];
        throw bad(
          'LEGS_DO_NOT_CONNECT',
          `Route ${gap + 1} (${next.routeName}) starts at ${next.fromStopName}, but route ${gap} (${prev.routeName}) ends at ${prev.toStopName}. A connecting route starts where the route before it ends: choose a route from ${prev.toStopName}.`,
        );
      }
      fare = m;
      legs = m.legs.map(storedLeg);
      agency = [...new Set(m.legs.map((l) => l.agency))].join(' + ');
    }
    if (fare.payableAmount !== req.farePaise) throw fareChanged(fare.payableAmount);
    if (fare.payableAmount <= 0) throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'This ticket has nothing to pay.');
    const now = this.now();
    const row: TicketOrderRow = {
      transactionId: `TKT-${randomUUID()}`,
      userId,
      city: req.city,
      kind: req.kind,
      status: 'PENDING',
      agency,
      ride: { legs, passengers: req.kind === 'instant' ? null : req.passengers, instant },
      fare: {
        roundingLogic: fare.roundingLogic,
        passengerDetails: fare.passengerDetails,
        totalAvailableSeats: fare.totalAvailableSeats,
        payableAmount: fare.payableAmount,
        actualAmount: fare.actualAmount,
      },
      payablePaise: fare.payableAmount,
      deviceId: req.deviceId,
      appVer: req.appVer,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
      orderKey: opts.orderKey ?? null,
    };
    const id = await this.store.insertOrder(row);
    if (id) businessMetrics.orderCreated('ticket');
    if (id) return this.orderView((await this.store.order(id))!, null);
    const existing = (await this.store.orderByKey(userId, row.orderKey!))!;
    if (productRef(existing) === productRef(row) && existing.payablePaise === row.payablePaise)
      return this.orderView(existing, await this.store.ticketOfOrder(existing.transactionId));
    throw new ApiError(
      409,
      'ORDER_FROZEN',
      'This order is being paid or is paid, so its ride and price can no longer change. Start a new order for another ride.',
    );
  }

  async getOrder(userId: string, transactionId: string): Promise<TicketOrder> {
    const o = await this.store.order(transactionId);
    if (!o || o.userId !== userId) throw notFound();
    return this.orderView(o, await this.store.ticketOfOrder(transactionId));
  }

  private orderView(o: TicketOrderRow, t: TicketRow | null): TicketOrder {
    return {
      transactionId: o.transactionId,
      city: o.city,
      kind: o.kind,
      status: o.status,
      payableAmount: o.payablePaise,
      fare: o.fare,
      ticketId: t?.ticketId ?? null,
      createdAt: o.createdAt,
    };
  }

  /** GET /api/tickets/v1/cities/:city/history (user history per city): orders newest first, each with its ticket. */
  async history(userId: string, city: string) {
    await this.enabledCity(city);
    const [orders, tickets] = await Promise.all([this.store.ordersOf(userId, city), this.store.ticketsOf(userId, city)]);
    const byTx = new Map(tickets.map((t) => [t.transactionId, t]));
    const punches = await this.punchesFor(tickets.map((t) => t.transactionId));
    const now = this.now();
    return {
      city,
      orders: orders.map((o) => {
        const t = byTx.get(o.transactionId) ?? null;
        return { ...this.orderView(o, t), ticket: t ? this.ticketItem(t, punches.get(t.transactionId) ?? [], now, o) : null };
      }),
    };
  }

  // --- payments (order kind `ticket`, payment-port.ts) -------------------------------------------------------------

  /** OrderKind.quote: the order as payments sees it. */
  async quoteOf(db: Db, orderId: string, lock = false): Promise<OrderQuote | null> {
    const o = await new TicketStore(db).order(orderId, lock);
    if (!o) return null;
    const legs = o.ride.legs;
    const label = legs.length
      ? `${legs.map((l) => l.routeName).join(' + ')}: ${legs[0].fromStopName} → ${legs[legs.length - 1].toStopName}`
      : (o.ride.instant?.name ?? 'Ticket');
    return {
      orderId,
      userId: o.userId,
      city: o.city,
      amountPaise: o.payablePaise,
      productRef: productRef(o),
      quantity: passengerCount(o),
      label,
      returnData: { transactionId: orderId },
    };
  }

  /** OrderKind.freeze: only an order awaiting payment in a city that still sells tickets; then frozen (no re-quote). */
  async freeze(db: Db, orderId: string): Promise<FreezeResult> {
    const store = new TicketStore(db);
    const o = await store.order(orderId, true);
    if (!o) throw notFound();
    if (!PAYABLE.has(o.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', `This ticket order cannot be paid now (its status is ${o.status}).`);
    if ((await store.ticketsEnabled(o.city)) !== true)
      throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'Tickets are no longer sold in this city, so this order cannot be paid.');
    await store.setFrozen(orderId, this.now());
    return { frozen: (await this.quoteOf(db, orderId))! };
  }

  /** OrderKind.issue: the order's ticket (payments calls it once per order; tickets.transaction_id is unique). */
  async issueOrder(db: Db, order: OrderQuote, _payment: SettledPayment | null): Promise<{ productId: string }> {
    const store = new TicketStore(db);
    const o = await store.order(order.orderId, true);
    if (!o) throw notFound();
    const now = this.now();
    const v = ticketValidity(o.kind, now);
    const terms = (await store.fareTable(o.city, '*'))?.terms?.[o.kind] ?? [];
    const { ticket } = await store.issue({
      ticketId: randomUUID(),
      transactionId: o.transactionId,
      userId: o.userId,
      city: o.city,
      kind: o.kind,
      status: 'UNUSED',
      startTime: v.startTime,
      expiryTime: v.expiryTime,
      activationExpiryTime: v.activationExpiryTime,
      bookingTime: now,
      usedAt: null,
      record: { activeDuration: v.activeDurationMinutes, numOfTrips: o.kind === 'multiRoute' ? o.ride.legs.length : 1, conditions: terms },
      issuedAt: now,
    });
    await store.setOrder(o.transactionId, { status: 'SUCCESS', paidAt: now }, now);
    return { productId: ticket.ticketId };
  }

  /** OrderKind.release: PAYMENT_FAILED and unfrozen (no effect once a ticket is issued); a new payment may follow. */
  async release(db: Db, orderId: string): Promise<void> {
    const store = new TicketStore(db);
    const o = await store.order(orderId, true);
    if (!o || o.paidAt !== null || (await store.ticketOfOrder(orderId))) return;
    await store.setFrozen(orderId, null);
    await store.setOrder(orderId, { status: 'PAYMENT_FAILED' }, this.now());
  }

  // --- validation hooks -----------------------------------------------------------------------------------------

  /**
   * TicketLookup for the validation module (its ValidatableLookup.find): the issued ticket of an order as validation
   * sees it, null when this module has no such order. A paid ticket is ISSUED until used; it validates from booking
   * until its activationExpiryTime (exclusive).
   */
  async validatable(transactionId: string): Promise<TicketValidatable | null> {
    const o = await this.store.order(transactionId);
    if (!o) return null;
    const t = await this.store.ticketOfOrder(transactionId);
    const legs = o.ride.legs;
    const trips = t ? Number(t.record.numOfTrips ?? 1) : Math.max(1, legs.length);
    const title = legs.length
      ? `${legs.map((l) => l.routeName).join(' + ')}: ${legs[0].fromStopName} → ${legs[legs.length - 1].toStopName}`
      : (o.ride.instant?.name ?? 'Ticket');
    const p = o.ride.passengers;
    return {
      transactionId,
      kind: 'ticket',
      productType: 'singleJourneyTicket',
      productSubType: SUB_TYPE[o.kind],
      city: o.city,
      agency: o.agency,
      userId: o.userId,
      validFrom: t?.startTime ?? o.createdAt,
      validUntil: t?.activationExpiryTime ?? o.createdAt,
      tripsPerDay: trips,
      activeDurationMin: t ? Number(t.record.activeDuration ?? 15) : null,
      status: !t ? o.status : t.status === 'UNUSED' ? 'ISSUED' : t.status,
      title,
      farePaise: o.payablePaise,
      bookingTime: t?.bookingTime ?? null,
      details: {
        ticketId: t?.ticketId ?? null,
        kind: o.kind,
        routeId: legs[0]?.routeId ?? null,
        fromStopId: legs[0]?.fromStopId ?? null,
        toStopId: legs[legs.length - 1]?.toStopId ?? null,
        adults: p?.adult ?? null,
        children: p?.child ?? null,
        seniors: p?.senior ?? null,
        passengerCount: o.ride.instant?.passengerCount ?? null,
      },
    };
  }

  /**
   * The validation module recorded a punch of this ticket (`tx`: the punch's transaction): a single-journey or
   * instant ticket is USED at its first punch, a multi-route ticket once it has a punch per leg (`rideCount`, when
   * given; without it, at the first punch). Idempotent. Answers the ticket's status after it (null: no ticket).
   */
  async onPunched(transactionId: string, punchingTime: number, opts: { rideCount?: number; tx?: Db } = {}): Promise<TicketRow['status'] | null> {
    const store = opts.tx ? new TicketStore(opts.tx) : this.store;
    const t = await store.ticketOfOrder(transactionId);
    if (!t) return null;
    if (t.status !== 'UNUSED') return t.status;
    const trips = Number(t.record.numOfTrips ?? 1);
    if (opts.rideCount !== undefined && opts.rideCount < trips) return t.status;
    await store.markUsed(transactionId, punchingTime);
    return 'USED';
  }

  // --- wallet ---------------------------------------------------------------------------------------------------

  private async punchesFor(ids: string[]): Promise<Map<string, { punchingTime: number }[]>> {
    if (!this.punches || !ids.length) return new Map();
    return this.punches.punchesFor(ids);
  }

  /**
   * GET /api/tickets/wallet?city= (without city: every city's): the rider's tickets (this module) and passes with their verification-pending or
   * rejected pass orders (the passes module's read port), each with its punches (the validation module's port), newest
   * booking first. Unused tickets and passes past their expiry read EXPIRED (spec §4 Expiry).
   */
  async wallet(userId: string, city?: string): Promise<{ items: WalletItem[]; serverTime: number }> {
    if (city === undefined) {
      // Every city's items (the wallet shows them all, grouped by city, the current one first).
      const lists = await Promise.all((await this.store.cityIds()).map((c) => this.walletIn(userId, c)));
      const items = lists.flat().sort(compareWalletItems);
      return { items, serverTime: this.now() };
    }
    const known = await this.store.ticketsEnabled(city);
    if (known === null) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${city}".`);
    return { items: await this.walletIn(userId, city), serverTime: this.now() };
  }

  private async walletIn(userId: string, city: string): Promise<WalletItem[]> {
    const [tickets, passes] = await Promise.all([
      this.store.ticketsOf(userId, city),
      Promise.all(this.walletSources.map((w) => w.walletItems(userId, city))).then((xs) => xs.flat()),
    ]);
    const punches = await this.punchesFor([
      ...tickets.map((t) => t.transactionId),
      ...passes.filter((p) => p.passId || p.ticketId).map((p) => p.transactionId),
    ]);
    const now = this.now();
    const orders = new Map((await this.store.ordersByIds(tickets.map((t) => t.transactionId))).map((o) => [o.transactionId, o]));
    const items: WalletItem[] = [
      ...tickets.map((t) => this.ticketItem(t, punches.get(t.transactionId) ?? [], now, orders.get(t.transactionId))),
      ...passes.map((p) => {
        const ps = punches.get(p.transactionId) ?? [];
        const expired = p.passId && p.expiryTime != null && isExpired({ status: p.status, expiryTime: p.expiryTime }, now);
        return { ...p, status: expired ? 'EXPIRED' : p.status, punches: ps, rideCount: ps.length };
      }),
    ];
    items.sort(compareWalletItems);
    return items;
  }

  private ticketItem(t: TicketRow, punches: { punchingTime: number }[], now: number, order?: TicketOrderRow): WalletItem {
    return ticketRecord(t, order ?? null, punches, now);
  }
}

/** What a ticket order sells, comparable: the kind, the ride (legs or instant fare) and the passengers. */
function productRef(o: TicketOrderRow): string {
  const ride = o.ride.instant ? `instant:${o.ride.instant.fareId}` : o.ride.legs.map((l) => `${l.routeId}:${l.fromStopId}>${l.toStopId}`).join('|');
  const p = o.ride.passengers;
  return `ticket:${o.city}:${o.kind}:${ride}:${p ? `${p.adult}a${p.child}c${p.senior}s` : `${o.ride.instant?.passengerCount ?? 1}p`}`;
}

function passengerCount(o: TicketOrderRow): number {
  const p = o.ride.passengers;
  return Math.max(1, p ? p.adult + p.child + p.senior : (o.ride.instant?.passengerCount ?? 1));
}

function fareChanged(payable: number): ApiError {
  return new ApiError(409, 'FARE_CHANGED', `The fare is now ${formatPaise(payable)}. Check it and try again.`);
}

const storedLeg = (l: LegFare): StoredLeg => ({
  routeId: l.routeId,
  routeName: l.routeName,
  agency: l.agency,
  fromStopId: l.fromStopId,
  fromStopName: l.fromStopName,
  toStopId: l.toStopId,
  toStopName: l.toStopName,
  distanceMeters: l.distanceMeters,
  stages: l.stages,
});

const TYPE_ORDER = ['adult', 'child', 'senior'];

/** Spec §3 Pass or ticket record for an issued ticket (see docs/tickets.md for each field). */
export function ticketRecord(t: TicketRow, o: TicketOrderRow | null, punches: { punchingTime: number }[], now: number): WalletItem {
  const fare = o?.fare ?? { passengerDetails: [], payableAmount: 0, actualAmount: 0, totalAvailableSeats: 0 };
  const legs = o?.ride.legs ?? [];
  const first = legs[0];
  const last = legs[legs.length - 1];
  const groups = [...fare.passengerDetails].sort((a, b) => TYPE_ORDER.indexOf(a.id) - TYPE_ORDER.indexOf(b.id));
  const status = t.status === 'UNUSED' && isExpired({ ticketId: t.ticketId, status: t.status, expiryTime: t.expiryTime }, now) ? 'EXPIRED' : t.status;
  const numOfTrips = Number(t.record.numOfTrips ?? 1);
  return {
    transactionId: t.transactionId,
    ticketId: t.ticketId,
    configurationId: `ticket-${t.kind}`,
    productType: 'singleJourneyTicket',
    productSubType: SUB_TYPE[t.kind],
    city: t.city,
    agency: o?.agency ?? '',
    categoryId: o?.ride.instant?.fareId ?? (groups.length === 1 ? groups[0].id : 'group'),
    categoryName: o?.ride.instant
      ? `${o.ride.instant.name} × ${o.ride.instant.passengerCount}`
      : groups.map((g) => `${g.name} × ${o?.ride.passengers?.[g.id as 'adult'] ?? 0}`).join(', '),
    fmId: o?.ride.instant?.fareId ?? `${t.city}:${o?.agency ?? ''}`,
    fare: fare.actualAmount / 100,
    discountedFare: fare.payableAmount / 100,
    farePaise: fare.payableAmount,
    numOfDays: null,
    passStartDate: dashed(localDate(t.startTime, CITY_TIME_ZONE)),
    startTime: t.startTime,
    expiryTime: t.expiryTime,
    activationExpiryTime: t.activationExpiryTime,
    bookingTime: t.bookingTime,
    status,
    punches,
    rideCount: punches.length,
    maxTripsPerDay: numOfTrips,
    numOfTrips,
    activeDuration: Number(t.record.activeDuration ?? 15),
    fareInfo: {
      actualFare: fare.actualAmount,
      discountedFare: fare.payableAmount,
      payableAmount: fare.payableAmount,
      fareBreakup: sumFareLines(fare.passengerDetails.flatMap((g) => g.fareBreakup)),
    },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: Array.isArray(t.record.conditions) ? (t.record.conditions as string[]) : [],
    desc: first
      ? `${first.routeName}${legs.length > 1 ? ` + ${legs.length - 1}` : ''}: ${first.fromStopName} → ${last.toStopName}`
      : (o?.ride.instant?.name ?? null),
    routeId: first?.routeId ?? null,
    routeName: legs.length ? legs.map((l) => l.routeName).join(' + ') : null,
    fromStopId: first?.fromStopId ?? null,
    fromStopName: first?.fromStopName ?? null,
    toStopId: last?.toStopId ?? null,
    toStopName: last?.toStopName ?? null,
    ...(o?.ride.passengers ? { passengers: o.ride.passengers } : {}),
    ...(o?.journeyOrderId ? { journey: { orderId: o.journeyOrderId, leg: (o.journeyLeg ?? 0) + 1, legs: o.journeyLegs ?? 1 } } : {}),
    ...(legs.length > 1
      ? {
          legs: legs.map((l) => ({
            routeId: l.routeId,
            routeName: l.routeName,
            fromStopId: l.fromStopId,
            fromStopName: l.fromStopName,
            toStopId: l.toStopId,
            toStopName: l.toStopName,
          })),
        }
      : {}),
  };
}
