// Pure rules of the tickets screens (no React, no network): what the rider chose while buying, passenger limits, which
// tab and which screen a wallet item belongs to, and the spec §4 status label, all from shared/domain productStatus (one
// status model for every product), in words the catalogs can translate. Unit-tested in model.test.ts.
import {
  firstUnconnectedLeg,
  productStatus,
  SEAT_BOARDING_OPENS_BEFORE_MS,
  walletKind,
  type Countdown,
  type Headline,
  type ProductStatusInput,
  type ProductStatusView,
  type WalletRecord,
} from '@sawari/domain';
import type { WalletItem } from '@sawari/contracts';

export const MAX_PASSENGERS = 6;
export type PassengerKind = 'adult' | 'child' | 'senior';
export const PASSENGER_KINDS: readonly PassengerKind[] = ['adult', 'child', 'senior'];
export type Passengers = Record<PassengerKind, number>;

/** A multi-route ticket has 2 to MAX_LEGS legs (docs/tickets.md; the server's multi-route-fare says the same). */
export const MAX_LEGS = 4;
/** One ride of a multi-route ticket: a route and the stops where the rider gets on and off. */
export interface FlowLeg {
  routeId: string;
  routeName: string;
  fromStopId: string;
  toStopId: string;
}

/** What the rider chose on the buying screens (kept in sessionStorage by flow.ts). */
export interface Flow {
  /** Earlier legs of a multi-route ticket (empty for a single journey); the leg being chosen is route/fromStopId/toStopId. */
  legs: FlowLeg[];
  city: string | null;
  route: { routeId: string; routeName: string; longName: string | null; agency: string | null } | null;
  query: string;
  directionId: number | null;
  fromStopId: string | null;
  toStopId: string | null;
  passengers: Passengers;
  /** The fare the rider saw (paise) and for what it was computed, so a changed choice asks for a new fare. */
  quote: { key: string; farePaise: number; agency: string } | null;
  instant: { fareId: string; count: number } | null;
  detailsConfirmed: boolean;
  lastTransactionId: string | null;
}

export const EMPTY_FLOW: Flow = {
  legs: [],
  city: null,
  route: null,
  query: '',
  directionId: null,
  fromStopId: null,
  toStopId: null,
  passengers: { adult: 1, child: 0, senior: 0 },
  quote: null,
  instant: null,
  detailsConfirmed: false,
  lastTransactionId: null,
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length < 300 ? v : null);
const int = (v: unknown, min: number, max: number, fallback: number): number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : fallback;

/** Reads a stored flow defensively: anything unexpected falls back to the empty value. */
export function parseFlow(raw: unknown): Flow {
  if (!raw || typeof raw !== 'object') return EMPTY_FLOW;
  const r = raw as Record<string, unknown>;
  const route = r.route as Record<string, unknown> | null;
  const p = (r.passengers ?? {}) as Record<string, unknown>;
  const q = r.quote as Record<string, unknown> | null;
  const inst = r.instant as Record<string, unknown> | null;
  const legs = (Array.isArray(r.legs) ? r.legs : []).slice(0, MAX_LEGS - 1).flatMap((l: unknown): FlowLeg[] => {
    const o = (l ?? {}) as Record<string, unknown>;
    const routeId = str(o.routeId),
      fromStopId = str(o.fromStopId),
      toStopId = str(o.toStopId);
    return routeId && fromStopId && toStopId ? [{ routeId, routeName: str(o.routeName) ?? routeId, fromStopId, toStopId }] : [];
  });
  return {
    legs,
    city: str(r.city),
    route:
      route && str(route.routeId)
        ? { routeId: str(route.routeId)!, routeName: str(route.routeName) ?? String(route.routeId), longName: str(route.longName), agency: str(route.agency) }
        : null,
    query: typeof r.query === 'string' ? r.query.slice(0, 100) : '',
    directionId: Number.isInteger(r.directionId) ? (r.directionId as number) : null,
    fromStopId: str(r.fromStopId),
    toStopId: str(r.toStopId),
    passengers: { adult: int(p.adult, 0, MAX_PASSENGERS, 1), child: int(p.child, 0, MAX_PASSENGERS, 0), senior: int(p.senior, 0, MAX_PASSENGERS, 0) },
    quote: q && str(q.key) && Number.isInteger(q.farePaise) ? { key: str(q.key)!, farePaise: q.farePaise as number, agency: str(q.agency) ?? '' } : null,
    instant: inst && str(inst.fareId) ? { fareId: str(inst.fareId)!, count: int(inst.count, 1, MAX_PASSENGERS, 1) } : null,
    detailsConfirmed: r.detailsConfirmed === true,
    lastTransactionId: str(r.lastTransactionId),
  };
}

export const totalPassengers = (p: Passengers): number => p.adult + p.child + p.senior;

/** Passenger counts the rider may send: at least one, at most `max` in all. */
export function passengerError(p: Passengers, max = MAX_PASSENGERS): 'NO_PASSENGERS' | 'TOO_MANY_PASSENGERS' | null {
  const total = totalPassengers(p);
  if (total < 1) return 'NO_PASSENGERS';
  if (total > max) return 'TOO_MANY_PASSENGERS';
  return null;
}

/** Whether one more passenger of any kind may be added. */
export const canAddPassenger = (p: Passengers, max = MAX_PASSENGERS): boolean => totalPassengers(p) < max;

/** The identity of a fare question: a quote is reused only for exactly this city, route, stops and passengers. */
export const quoteKey = (f: Pick<Flow, 'city' | 'route' | 'fromStopId' | 'toStopId' | 'passengers'> & { legs?: readonly FlowLeg[] }): string =>
  [
    ...(f.legs ?? []).map((l) => `${l.routeId}>${l.fromStopId}>${l.toStopId}`),
    f.city,
    f.route?.routeId,
    f.fromStopId,
    f.toStopId,
    f.passengers.adult,
    f.passengers.child,
    f.passengers.senior,
  ].join('|');

/** The leg being chosen, when its route and both stops are set. */
export const currentLeg = (f: Flow): FlowLeg | null =>
  f.route && f.fromStopId && f.toStopId ? { routeId: f.route.routeId, routeName: f.route.routeName, fromStopId: f.fromStopId, toStopId: f.toStopId } : null;

/** Every leg of the ticket: the earlier ones and the current one (when complete). One leg: a single journey. */
export const flowLegs = (f: Flow): FlowLeg[] => {
  const cur = currentLeg(f);
  return cur ? [...f.legs, cur] : [...f.legs];
};

export const isMultiRoute = (f: Flow): boolean => f.legs.length > 0;

export type LegsError = 'TOO_FEW_LEGS' | 'TOO_MANY_LEGS' | 'SAME_STOP' | 'SAME_LEG' | 'NOT_CONNECTED';

/**
 * What the server would refuse in a multi-route ticket's legs: 2 to MAX_LEGS, each from ≠ to, no leg twice, and each
 * starting where the one before it ends (shared/domain firstUnconnectedLeg, the server's rule).
 */
export function legsError(legs: readonly FlowLeg[]): LegsError | null {
  if (legs.length < 2) return 'TOO_FEW_LEGS';
  if (legs.length > MAX_LEGS) return 'TOO_MANY_LEGS';
  if (legs.some((l) => l.fromStopId === l.toStopId)) return 'SAME_STOP';
  const seen = new Set(legs.map((l) => `${l.routeId}>${l.fromStopId}>${l.toStopId}`));
  if (seen.size < legs.length) return 'SAME_LEG';
  return firstUnconnectedLeg(legs) === null ? null : 'NOT_CONNECTED';
}

/**
 * The route search's example from the city's own data: the first of `stops` (near its centre) with a route, as
 * "{route} or {stop}"; null when there is none (the hint then names no example, never another city's).
 */
export function routeExample(stops: readonly { stop_name: string; routes: readonly { route_name: string }[] }[]): { route: string; stop: string } | null {
  const s = stops.find((x) => x.routes.length > 0 && x.stop_name);
  return s ? { route: s.routes[0].route_name, stop: s.stop_name } : null;
}

/** Where the leg being chosen must start: the stop where the last earlier leg ends; null for the first leg. */
export const connectingStopId = (f: Flow): string | null => f.legs.at(-1)?.toStopId ?? null;

type NamedRoute = { route_name: string; route_long_name?: string | null; agency_name?: string | null };

/**
 * The routes a connecting leg may take (the connecting stop's own routes) that match what the rider typed: its number,
 * name or operator, case and spaces ignored. Nothing typed: all of them.
 */
export function matchingRoutes<R extends NamedRoute>(routes: readonly R[], query: string): R[] {
  const norm = (v: string | null | undefined) => (v ?? '').toLowerCase().replace(/\s+/g, '');
  const q = norm(query);
  if (!q) return [...routes];
  return routes.filter((r) => [r.route_name, r.route_long_name, r.agency_name].some((v) => norm(v).includes(q)));
}

/** The directions of a route on which a rider can get on at `stopId` (it is there, and not as the last stop). */
export function directionsBoardingAt<D extends { stops: readonly { stop_id: string }[] }>(directions: readonly D[], stopId: string): D[] {
  return directions.filter((d) => d.stops.slice(0, -1).some((s) => s.stop_id === stopId));
}

/** Whether one more connecting leg may be added after the current (complete) one. */
export const canAddLeg = (f: Flow): boolean => currentLeg(f) !== null && f.legs.length + 1 < MAX_LEGS;

/**
 * Starts a connecting leg: the current leg joins the earlier ones and a new route is chosen; the new leg starts at the
 * stop where the last one ends (kept as fromStopId, used when the next route serves it). Unchanged when no leg may be
 * added.
 */
export function addLeg(f: Flow): Flow {
  const cur = currentLeg(f);
  if (!cur || !canAddLeg(f)) return f;
  return {
    ...f,
    legs: [...f.legs, cur],
    route: null,
    query: '',
    directionId: null,
    fromStopId: cur.toStopId,
    toStopId: null,
    quote: null,
    detailsConfirmed: false,
  };
}

/**
 * Removes leg `index` of flowLegs: an earlier leg, or (index = legs.length, while there are earlier legs) the leg being
 * chosen, whose place the last earlier leg takes again. Unchanged for any other index.
 */
export function removeLeg(f: Flow, index: number): Flow {
  if (index === f.legs.length && f.legs.length > 0) {
    const last = f.legs[f.legs.length - 1];
    return {
      ...f,
      legs: f.legs.slice(0, -1),
      route: { routeId: last.routeId, routeName: last.routeName, longName: null, agency: null },
      directionId: null,
      fromStopId: last.fromStopId,
      toStopId: last.toStopId,
      quote: null,
      detailsConfirmed: false,
    };
  }
  if (index < 0 || index >= f.legs.length) return f;
  return { ...f, legs: f.legs.filter((_, i) => i !== index), quote: null, detailsConfirmed: false };
}

/** Stops after `fromStopId` in the direction's order (where the rider can get off). */
export function stopsAfter<T extends { stop_id: string }>(stops: readonly T[], fromStopId: string | null): T[] {
  if (!fromStopId) return [];
  const i = stops.findIndex((s) => s.stop_id === fromStopId);
  return i < 0 ? [] : stops.slice(i + 1);
}

/**
 * What a ticket is called on its pages ("Your instant ticket"), from the order's kind or the wallet item's
 * productSubType: a catalog id, so an instant or connecting-routes ticket is never headed "single-journey".
 */
export function ticketHeadingId(kind: string | null | undefined): string {
  if (kind === 'instant' || kind === 'instantTicket') return 'single.headingInstant';
  if (kind === 'multiRoute' || kind === 'multiRouteTicket') return 'single.headingMulti';
  return 'single.heading';
}

/** The spec §4 rule inputs of a wallet item (activeDuration is in minutes in the record). */
export function ruleRecord(item: WalletItem): WalletRecord {
  return {
    ticketId: item.ticketId ?? null,
    status: item.status,
    startTime: item.startTime,
    expiryTime: item.expiryTime,
    punches: item.punches,
    maxTripsPerDay: item.maxTripsPerDay,
    activeDurationMs: item.activeDuration == null ? null : item.activeDuration * 60_000,
  };
}

/** The shared status model's inputs for a wallet item (shared/domain productStatus: one model for every product). */
export function statusInput(item: WalletItem): ProductStatusInput {
  const kind = walletKind(item);
  return {
    kind,
    status: item.status,
    startTime: item.startTime,
    expiryTime: item.expiryTime,
    // a seat's departure: boarding opens 30 minutes before it (the API's reservations walletItems)
    slotStart: kind === 'seat' && item.startTime != null ? item.startTime + SEAT_BOARDING_OPENS_BEFORE_MS : null,
    punches: item.punches,
    maxTripsPerDay: item.maxTripsPerDay,
    activeDurationMs: item.activeDuration == null ? null : item.activeDuration * 60_000,
    renewable: item.isRenewable,
    bookedAt: item.bookingTime,
  };
}

/** What the item is now (headline, pill, validity line, actions, tab): shared/domain productStatus. */
export const itemView = (item: WalletItem, now: number): ProductStatusView => productStatus(statusInput(item), now);

/** A seat's departure (its slot), or null for any other item. */
export const seatDeparture = (item: WalletItem): number | null => statusInput(item).slotStart ?? null;

/** Expired tab: expired, used, failed, cancelled, replaced, moved, refunded (productStatus's tab). Active tab: the rest. */
export function isInExpiredTab(item: WalletItem, now: number): boolean {
  return itemView(item, now).tab === 'expired';
}

export function splitWallet(items: readonly WalletItem[], now: number): { active: WalletItem[]; expired: WalletItem[] } {
  const active: WalletItem[] = [];
  const expired: WalletItem[] = [];
  for (const item of items) (isInExpiredTab(item, now) ? expired : active).push(item);
  return { active, expired };
}

export type ItemState = Headline;

/** What the item is right now (productStatus's headline). */
export const itemState = (item: WalletItem, now: number): ItemState => itemView(item, now).headline;

/** The screen a wallet item opens on: its code when valid, when it becomes valid, why it was rejected, else its summary. */
export function screenFor(item: WalletItem, now: number, soundValidation: boolean): string {
  const tx = encodeURIComponent(item.transactionId);
  const W = '/your-tickets-and-passes';
  switch (itemState(item, now)) {
    case 'rejected':
      return `${W}/verification-rejection/${tx}`;
    case 'notYetValid':
      return `${W}/before-activation/${tx}`;
    case 'valid':
      return soundValidation ? `${W}/sound-qr/${tx}` : `${W}/pass-validation/${tx}`;
    default:
      return `${W}/summary/${tx}`;
  }
}

export type LabelParts = { id: string; date?: string };

/**
 * Spec §4 status label of productStatus's pill, as a catalog id plus the date, so every language says the same thing.
 * A pass's dates are its last valid minute ("valid until 22 Dec, 11:59 PM"), a ticket's its expiry instant; both with the
 * time (`formatDateTime`); a future start and an expiry with the date only.
 */
export function statusLabelParts(
  item: WalletItem,
  now: number,
  formatDate: (ms: number) => string,
  formatDateTime: (ms: number) => string = formatDate,
): LabelParts {
  const { pill } = itemView(item, now);
  if (pill.at === undefined) return { id: `status.${pill.label}` };
  return { id: `status.${pill.label}`, date: pill.dateOnly ? formatDate(pill.at) : formatDateTime(pill.at) };
}

/** The countdown shown under a valid item's label ("expires in 12 min", "expires in 29 days"); null when not valid. */
export function expiryCountdown(item: WalletItem, now: number): Countdown | null {
  const { validity } = itemView(item, now);
  return validity?.kind === 'expiresIn' ? validity.left : null;
}

/** "SWB1.<city>.<vehicleNo>" printed in the bus, or a typed number: the vehicle number, upper case, or null. */
export function vehicleFromScan(text: string, city: string): string | null {
  const t = text.trim();
  const m = /^SWB1\.([a-z0-9-]+)\.([A-Za-z0-9][A-Za-z0-9 -]{0,19})$/.exec(t);
  if (m) return m[1] === city ? m[2].toUpperCase() : null;
  return null;
}

/** A typed vehicle number (letters, digits, spaces and dashes, 1–20): normalised, or null. */
export function normaliseVehicleNo(input: string): string | null {
  const v = input.trim().toUpperCase().replace(/\s+/g, ' ');
  return /^[A-Z0-9][A-Z0-9 -]{0,19}$/.test(v) ? v : null;
}

/**
 * The wallet's items by city: the current city first (even when empty, so its empty state shows),
 * then the others by name; items keep their order within a city.
 */
export function groupByCity<T extends { city: string }>(
  items: readonly T[],
  current: string,
  nameOf: (city: string) => string,
): { city: string; items: T[] }[] {
  const groups = new Map<string, T[]>([[current, []]]);
  for (const item of items) groups.set(item.city, [...(groups.get(item.city) ?? []), item]);
  const [first, ...rest] = [...groups].map(([city, list]) => ({ city, items: list }));
  return [first, ...rest.filter((g) => g.items.length).sort((a, b) => nameOf(a.city).localeCompare(nameOf(b.city)))];
}

/**
 * Who an item is for, built from its structured fields so every language says it, never the server's
 * English label ("Adult × 1", "₹20 ticket × 2"): a ticket's passengers by kind, an instant ticket's fare and count,
 * else (a pass, a seat) the catalogue's name, translated by the caller.
 */
export type WhoPart =
  { kind: 'passenger'; passenger: PassengerKind; count: number } | { kind: 'instant'; farePaise: number; count: number } | { kind: 'name'; name: string };
export function whoFor(item: Pick<WalletItem, 'passengers' | 'productSubType' | 'categoryName' | 'farePaise'>): WhoPart[] {
  const p = item.passengers;
  if (p) {
    const parts = PASSENGER_KINDS.filter((k) => (p[k] ?? 0) > 0).map((k): WhoPart => ({ kind: 'passenger', passenger: k, count: p[k] }));
    if (parts.length) return parts;
  }
  const m = item.productSubType === 'instantTicket' ? /×\s*(\d+)\s*$/.exec(item.categoryName) : null;
  if (m && Number(m[1]) > 0) return [{ kind: 'instant', farePaise: Math.round(item.farePaise / Number(m[1])), count: Number(m[1]) }];
  return [{ kind: 'name', name: item.categoryName }];
}

/** When the item was last validated (its newest punch), or null before its first ride. */
export const lastPunchAt = (item: Pick<WalletItem, 'punches'>): number | null =>
  item.punches.length ? Math.max(...item.punches.map((p) => p.punchingTime)) : null;

/**
 * What a sync said about a ride recorded on this device: synced when the server took it (accepted, or already had it),
 * the server's reason when it refused it; not synced (and no reason) while it was not sent (offline: `outcome` null).
 */
export function punchOutcome(
  outcome: { accepted: readonly string[]; duplicates: readonly string[]; rejected: readonly { punchId: string; message: string }[] } | null,
  punchId: string,
): { synced: boolean; rejected: string | null } {
  if (!outcome) return { synced: false, rejected: null };
  return {
    synced: outcome.accepted.includes(punchId) || outcome.duplicates.includes(punchId),
    rejected: outcome.rejected.find((r) => r.punchId === punchId)?.message ?? null,
  };
}
