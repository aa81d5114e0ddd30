/**
 * Ticket fares (the project's own fare model; the GTFS feeds here carry no fare files). Pure rules shared by the API
 * and the apps: distance along a route's stop sequence, stage fares, flat fares, passenger types with rounding, and
 * the spec §3 "Fare result" built from them. Amounts are integer paise; distances integer metres.
 */
import type { FareResult, PassengerFareGroup } from './passes';
import { ACTIVATION_WINDOW_MS, ALLOWED_AFTER_ACTIVATION_MS } from './tickets';
import { haversineKm } from './transit';

export const PASSENGER_TYPES = ['adult', 'child', 'senior'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export type Passengers = Record<PassengerType, number>;

/**
 * How a discounted per-person fare (child, senior) is rounded: to the nearest rupee (50 paise goes up), up or down to
 * a whole rupee, or only to the nearest paisa (NONE).
 */
export const ROUNDING_LOGICS = ['NEAREST_RUPEE', 'UP_TO_RUPEE', 'DOWN_TO_RUPEE', 'NONE'] as const;
export type RoundingLogic = (typeof ROUNDING_LOGICS)[number];

/**
 * Distance-based stage fare: the first `minimumStages` stages cost `minimumFarePaise`; each further stage (or part of
 * one) `perStagePaise`; never more than `maxFarePaise` when set. A ride always counts at least one stage.
 */
export interface StageFareRule {
  model: 'stage';
  stageMeters: number;
  minimumFarePaise: number;
  minimumStages: number;
  perStagePaise: number;
  maxFarePaise?: number | null;
}
/** One fare whatever the distance (the Mumbai airport express). */
export interface FlatFareRule {
  model: 'flat';
  farePaise: number;
}
export type FareRule = StageFareRule | FlatFareRule;

/** A passenger type's fare as a percentage of the adult fare (adult 100, child 50, ...). */
export interface PassengerRule {
  name: string;
  percent: number;
}

/** One agency's fare table in a city (api/data/tickets/fares.json). */
export interface FareTable {
  agency: string;
  rule: FareRule;
  passengerTypes: Record<PassengerType, PassengerRule>;
  roundingLogic: RoundingLogic;
  /** Passengers on one ticket (all types together); also each group's categorySeatLimit. */
  maxPassengers: number;
  /** The city's ticket terms per kind (on the city's default table); copied onto each ticket when it is issued. */
  terms?: Partial<Record<TicketKind, string[]>>;
}

export interface GeoStop {
  stop_id: string;
  lat: number;
  lon: number;
}

/** Length of a path through the stops in order (straight lines between consecutive stops), in whole metres. */
export function pathMeters(stops: readonly { lat: number; lon: number }[]): number {
  let km = 0;
  for (let i = 1; i < stops.length; i++) km += haversineKm(stops[i - 1].lat, stops[i - 1].lon, stops[i].lat, stops[i].lon);
  return Math.round(km * 1000);
}

/**
 * A ticket with connecting routes (one ticket, several routes in a row) connects when every route starts at the stop
 * where the one before it ends: the rider changes buses there. The index (0-based) of the first leg that does not
 * start where the leg before it ends; null when all connect (one leg or none: nothing to connect). The server refuses
 * such a ticket and the buying screens offer only the routes and stops that connect.
 */
export function firstUnconnectedLeg(legs: readonly { fromStopId: string; toStopId: string }[]): number | null {
  for (let i = 1; i < legs.length; i++) if (legs[i].fromStopId !== legs[i - 1].toStopId) return i;
  return null;
}

export type SegmentError = 'SAME_STOP' | 'STOP_NOT_ON_ROUTE' | 'WRONG_DIRECTION';

/**
 * The stops from boarding to alighting on a route, given its stop patterns (each a stop sequence of some trips). The
 * pattern where `from` comes before `to` with the fewest stops between them wins (a loop or a long variant never
 * inflates the fare). Errors: the same stop twice; a stop no pattern serves; both served but never from → to.
 */
export function rideSegment<S extends GeoStop>(
  patterns: readonly (readonly S[])[],
  fromStopId: string,
  toStopId: string,
): { ok: true; stops: S[] } | { ok: false; error: SegmentError } {
  if (fromStopId === toStopId) return { ok: false, error: 'SAME_STOP' };
  let best: S[] | null = null;
  let servesFrom = false;
  let servesTo = false;
  for (const p of patterns) {
    const ids = p.map((s) => s.stop_id);
    if (ids.includes(fromStopId)) servesFrom = true;
    if (ids.includes(toStopId)) servesTo = true;
    for (let i = ids.indexOf(fromStopId); i >= 0; i = ids.indexOf(fromStopId, i + 1)) {
      const j = ids.indexOf(toStopId, i + 1);
      if (j > i && (!best || j - i + 1 < best.length)) best = p.slice(i, j + 1);
    }
  }
  if (best) return { ok: true, stops: best };
  return { ok: false, error: servesFrom && servesTo ? 'WRONG_DIRECTION' : 'STOP_NOT_ON_ROUTE' };
}

/** Stages counted for a distance: at least one; a stage boundary itself still belongs to the stage it ends. */
export function stagesFor(distanceMeters: number, stageMeters: number): number {
  if (!(stageMeters > 0)) throw new Error('stageMeters must be positive');
  return Math.max(1, Math.ceil(Math.max(0, distanceMeters) / stageMeters));
}

/** The adult fare in paise for a distance under a rule. */
export function adultFarePaise(rule: FareRule, distanceMeters: number): number {
  if (rule.model === 'flat') return rule.farePaise;
  const stages = stagesFor(distanceMeters, rule.stageMeters);
  const fare = rule.minimumFarePaise + Math.max(0, stages - rule.minimumStages) * rule.perStagePaise;
  return rule.maxFarePaise != null ? Math.min(fare, rule.maxFarePaise) : fare;
}

/** `percent` % of an adult fare (integer paise), rounded per the rounding logic. Exact integer arithmetic. */
export function passengerFarePaise(adultPaise: number, percent: number, logic: RoundingLogic): number {
  if (percent === 100) return adultPaise;
  const scaled = adultPaise * percent; // paise × 100
  switch (logic) {
    case 'NEAREST_RUPEE':
      return Math.floor((scaled + 5_000) / 10_000) * 100;
    case 'UP_TO_RUPEE':
      return Math.ceil(scaled / 10_000) * 100;
    case 'DOWN_TO_RUPEE':
      return Math.floor(scaled / 10_000) * 100;
    case 'NONE':
      return Math.floor((scaled + 50) / 100);
  }
}

export type PassengerError = 'NO_PASSENGERS' | 'TOO_MANY_PASSENGERS';
export const passengerCount = (p: Partial<Passengers>): number => PASSENGER_TYPES.reduce((n, t) => n + (p[t] ?? 0), 0);
/** At least one passenger, at most `max` on one ticket. */
export function checkPassengers(p: Partial<Passengers>, max: number): PassengerError | null {
  const n = passengerCount(p);
  if (n < 1) return 'NO_PASSENGERS';
  if (n > max) return 'TOO_MANY_PASSENGERS';
  return null;
}

export const TICKET_FARE_LINE = 'Ticket fare';
/** The breakup line of a passenger type's concession ("Child concession"). */
export const concessionLine = (name: string): string => `${name} concession`;

export interface TicketFare extends FareResult {
  roundingLogic: RoundingLogic;
  /** Sum of the groups' payable amounts: what the rider pays. */
  payableAmount: number;
  /** Sum of the groups' actual amounts (everyone at the adult fare). */
  actualAmount: number;
}

/** Adds up a fare result's groups (after aggregation too). */
export function fareTotals(r: FareResult): { payableAmount: number; actualAmount: number } {
  return {
    payableAmount: r.passengerDetails.reduce((s, g) => s + g.payableAmount, 0),
    actualAmount: r.passengerDetails.reduce((s, g) => s + g.actualAmount, 0),
  };
}

/**
 * Spec §3 Fare result for a ride of `distanceMeters` under a table: one passenger group per type with riders, in the
 * order adult, child, senior. Each group: actualAmount = count × adult fare; payableAmount = count × the type's
 * rounded fare; fareBreakup "Ticket fare" (actual) and, for a discounted type, "<Type> concession" (negative).
 */
export function quoteFare(table: FareTable, distanceMeters: number, passengers: Partial<Passengers>): TicketFare {
  const adult = adultFarePaise(table.rule, distanceMeters);
  const groups: PassengerFareGroup[] = [];
  for (const type of PASSENGER_TYPES) {
    const n = passengers[type] ?? 0;
    if (n <= 0) continue;
    const rule = table.passengerTypes[type];
    const each = passengerFarePaise(adult, rule.percent, table.roundingLogic);
    const fareBreakup = [{ name: TICKET_FARE_LINE, value: n * adult }];
    if (each !== adult) fareBreakup.push({ name: concessionLine(rule.name), value: n * (each - adult) });
    groups.push({
      id: type,
      name: rule.name,
      isDiscountApplicable: rule.percent < 100,
      payableAmount: n * each,
      actualAmount: n * adult,
      fareBreakup,
      categorySeatLimit: table.maxPassengers,
    });
  }
  const result: FareResult = { roundingLogic: table.roundingLogic, passengerDetails: groups, totalAvailableSeats: table.maxPassengers };
  return { ...result, roundingLogic: table.roundingLogic, ...fareTotals(result) };
}

/** An instant ticket (bought on the bus, no route): `count` riders at one of the city's instant fares. */
export function quoteInstant(fare: { id: string; name: string; farePaise: number }, count: number, maxPassengers: number): TicketFare {
  const group: PassengerFareGroup = {
    id: fare.id,
    name: fare.name,
    isDiscountApplicable: false,
    payableAmount: count * fare.farePaise,
    actualAmount: count * fare.farePaise,
    fareBreakup: [{ name: TICKET_FARE_LINE, value: count * fare.farePaise }],
    categorySeatLimit: maxPassengers,
  };
  return {
    roundingLogic: 'NONE',
    passengerDetails: [group],
    totalAvailableSeats: maxPassengers,
    payableAmount: group.payableAmount,
    actualAmount: group.actualAmount,
  };
}

export type TicketKind = 'singleJourney' | 'multiRoute' | 'instant';

/**
 * When a ticket may be used (spec §9 constants, our reading of them):
 * - singleJourney and multiRoute (bought ahead): activated when issued; valid from booking for the allowed time after
 *   activation (24 h): startTime = bookingTime, expiryTime = activationExpiryTime = bookingTime + 24 h.
 * - instant (bought on the bus): must be punched within the activation window: activationExpiryTime = expiryTime =
 *   bookingTime + 15 min.
 * activeDuration (minutes) is the activation window for every kind: after its punch a ride shows as active that long.
 */
export function ticketValidity(
  kind: TicketKind,
  bookingTime: number,
): { startTime: number; expiryTime: number; activationExpiryTime: number; activeDurationMinutes: number } {
  const until = bookingTime + (kind === 'instant' ? ACTIVATION_WINDOW_MS : ALLOWED_AFTER_ACTIVATION_MS);
  return { startTime: bookingTime, expiryTime: until, activationExpiryTime: until, activeDurationMinutes: ACTIVATION_WINDOW_MS / 60_000 };
}
