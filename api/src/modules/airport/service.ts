import { createHash } from 'node:crypto';
import { tripTimingsResponseSchema, type AirportBoardConfig, type TripTimingsRequest } from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import { ResponseSchemaError } from '../../platform/schema';
import type { Timetable } from '../transit';
import type { TimetableCache } from '../transit';
import type { AirportStore } from './store';

/** A timings answer as sent: the serialized body and its ETag (a hash of the body). */
export interface TimingsAnswer {
  body: string;
  etag: string;
}

const MINUTE_MS = 60_000;
/** Bounds of the shared caches per city (entries are tiny; a city's boards ask for a handful of pairs). */
const MAX_PAIR_ENTRIES = 20_000;
const MAX_BODY_ENTRIES = 5_000;

interface CityTimings {
  /** The compiled timetable these answers were computed from: a new one (an import) starts a fresh entry. */
  timetable: Timetable;
  /** Serialized `{"routeId":…,"stopId":…,"timings":[…]}` per route, stop and window minutes. */
  pairs: Map<string, string>;
  /** Whole answers per window minutes and pair list. */
  bodies: Map<string, TimingsAnswer>;
}

/**
 * The timings every kiosk shares: one computation per (route, stop, window minute), serialized once, whole answers
 * kept with their ETag. The request window is widened to whole minutes (from the start of `fromTime`'s minute to the
 * end of `toTime`'s), so every board asking within the same minute gets the same bytes. An entry belongs to one
 * compiled timetable: when the city's timetable is replaced (an import) the next request starts afresh; live data
 * changes call `invalidate`. See docs/airport-timings.md.
 */
export class TimingsCache {
  private readonly cities = new Map<string, CityTimings>();
  /** Departure lists computed (cache misses), for tests and the bench. */
  computations = 0;

  answer(cityId: string, timetable: Timetable, body: TripTimingsRequest, validate: () => void): TimingsAnswer {
    let city = this.cities.get(cityId);
    if (!city || city.timetable !== timetable) {
      city = { timetable, pairs: new Map(), bodies: new Map() };
      this.cities.set(cityId, city);
    }
    const fromMin = Math.floor(Number(body.timeWindow.fromTime) / MINUTE_MS);
    const toMin = Math.floor(Number(body.timeWindow.toTime) / MINUTE_MS);
    const window = `${fromMin}:${toMin}`;
    let bodyKey = window;
    for (const p of body.routeStopPairs) bodyKey += `\u0000${p.routeId}\u0000${p.stopId}`;
    const hit = city.bodies.get(bodyKey);
    if (hit) return hit;

    validate(); // only answers of valid pairs are ever stored, so a hit needs no check
    const from = fromMin * MINUTE_MS;
    const to = toMin * MINUTE_MS + MINUTE_MS - 1;
    let days: ReturnType<Timetable['serviceDays']> | null = null;
    let out = '{"data":[';
    body.routeStopPairs.forEach(({ routeId, stopId }, i) => {
      const key = `${window}\u0000${routeId}\u0000${stopId}`;
      let fragment = city.pairs.get(key);
      if (fragment === undefined) {
        days ??= timetable.serviceDays(from, to);
        this.computations++;
        fragment = `{"routeId":${JSON.stringify(routeId)},"stopId":${JSON.stringify(stopId)},"timings":[${timetable.departures(routeId, stopId, from, to, days).join(',')}]}`;
        if (city.pairs.size >= MAX_PAIR_ENTRIES) city.pairs.clear();
        city.pairs.set(key, fragment);
      }
      out += i ? `,${fragment}` : fragment;
    });
    out += ']}';
    checkAnswer(out);
    const answer = { body: out, etag: `"${createHash('sha1').update(out).digest('base64url')}"` };
    if (city.bodies.size >= MAX_BODY_ENTRIES) city.bodies.clear();
    city.bodies.set(bodyKey, answer);
    return answer;
  }

  /** Drops a city's answers (live data changed); `undefined`: every city. */
  invalidate(cityId?: string): void {
    if (cityId === undefined) this.cities.clear();
    else this.cities.delete(cityId);
  }
}

/** The airport boards' rules: terminal config and departure timings. No HTTP, no SQL. */
export class AirportService {
  readonly timingsCache = new TimingsCache();

  constructor(
    private readonly store: AirportStore,
    private readonly timetables: TimetableCache,
  ) {}

  async boardConfig(product: string, terminalId: string): Promise<AirportBoardConfig> {
    const t = await this.store.terminal(product, terminalId);
    if (!t) throw new ApiError(404, 'BOARD_NOT_FOUND', `There is no ${product} board for terminal ${terminalId}.`);
    const { timetable } = await this.timetables.get(t.cityId);
    return {
      city: t.cityId,
      product: t.product,
      terminalId: t.terminalId,
      place: t.place,
      counter: t.counter,
      routeStopPairs: t.pairs.map((p) => ({ ...p, destination: timetable?.destination(p.routeId) ?? p.routeId })),
    };
  }

  /**
   * Spec §7: per pair, in request order, the departures within the window (epoch ms, ascending), the window widened
   * to whole minutes. Answered from the shared cache: no database read on the request path.
   */
  async timings(cityId: string, body: TripTimingsRequest): Promise<TimingsAnswer> {
    const { cityKnown, timetable } = await this.timetables.get(cityId);
    if (!cityKnown) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${cityId}".`);
    if (!timetable) throw new ApiError(404, 'CITY_NOT_FOUND', `No timetable is published for ${cityId} yet.`);
    return this.timingsCache.answer(cityId, timetable, body, () => checkPairs(cityId, timetable, body));
  }

  /** Live data of a city changed: its cached timings are recomputed on the next request. */
  liveDataChanged(cityId?: string): void {
    this.timingsCache.invalidate(cityId);
  }
}

/**
 * The hand-written text must be exactly what the route's response schema would send: checked once per answer built
 * (a poll answered from the cache sends these bytes as they are, with no serialiser on the way).
 */
function checkAnswer(text: string): void {
  const parsed = tripTimingsResponseSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ResponseSchemaError(parsed.error);
  if (JSON.stringify(parsed.data) !== text) throw new Error('timings answer: the cached text is not what its response schema sends');
}

function checkPairs(cityId: string, timetable: Timetable, body: TripTimingsRequest): void {
  for (const { routeId, stopId } of body.routeStopPairs) {
    const check = timetable.check(routeId, stopId);
    if (check.ok) continue;
    const message =
      check.reason === 'unknown-route'
        ? `Route "${routeId}" is not in the ${cityId} timetable.`
        : check.reason === 'unknown-stop'
          ? `Stop "${stopId}" is not in the ${cityId} timetable.`
          : `Route "${routeId}" does not serve stop "${stopId}".`;
    throw new ApiError(400, 'UNKNOWN_ROUTE_STOP', message);
  }
}
