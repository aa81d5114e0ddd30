import { Kind, valueFromASTUntyped, type GraphQLResolveInfo, type SelectionNode } from 'graphql';
import type { Resolvers } from '@sawari/contracts/src/generated/transit-resolvers';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { systemClock, type Clock } from '../../platform/clock';
import type { SnapshotStore } from '../planner';
import { TransitStore } from '../transit';
import { loadRealtimeConfig, type RealtimeConfig } from './config';
import { GtfsRtSource } from './gtfs-rt';
import { RealtimeService } from './service';
import { SimulatorSource } from './simulator';
import { EMPTY_SNAPSHOT, type RealtimeSource } from './source';
import { RealtimeStore } from './store';

export interface RealtimeServices {
  realtime: RealtimeService;
  now: Clock;
  /**
   * Once every plugin has loaded: the vehicle index's first refresh at once (every city's feed compiled and its live
   * state built), then its background refresh every REALTIME_INDEX_MS (none without it). Once; a no-op after close,
   * and without `compileAtStart` (each feed is then compiled on its first use).
   */
  startIndex(): void;
  /**
   * The first refresh has ended (each city built, or failed and logged): a first ETA or plan compiles no feed. Always
   * true without `compileAtStart`: nothing is compiled ahead, so there is nothing to wait for.
   */
  readonly feedsCompiled: boolean;
  /** Stops the source and the vehicle index's timer, and waits for an index refresh in progress. */
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createRealtimeSource(config: RealtimeConfig, now: Clock, log?: Logger): RealtimeSource {
  if (config.source === 'simulator') return new SimulatorSource(config.seed);
  if (config.source === 'gtfs-rt')
    return new GtfsRtSource({ cityId: config.cityId, locations: config.locations, pollMs: config.pollMs, timeoutMs: config.timeoutMs, now, log });
  return { kind: 'none', snapshot: async () => EMPTY_SNAPSHOT };
}

/**
 * The realtime services for the GraphQL plugin. Settings come from `realtime` when given, else from the environment
 * (REALTIME_SOURCE and friends, docs/realtime.md). `source` replaces the configured source (tests).
 */
export function createRealtime(opts: {
  db: Db;
  config?: Config;
  now?: Clock;
  realtime?: RealtimeConfig;
  source?: RealtimeSource;
  log?: Logger;
  /** Where compiled feeds are kept across restarts (the planner's snapshot store); none: compiled at each start. */
  snapshots?: SnapshotStore | null;
  /**
   * Every city's feed compiled by startIndex() (default). `false`: startIndex() does nothing, each feed is compiled on
   * its first use and feedsCompiled is true at once (the API tests' servers, app/deps.ts warmAtStart).
   */
  compileAtStart?: boolean;
}): RealtimeServices {
  const now = opts.now ?? systemClock;
  const settings = opts.realtime ?? loadRealtimeConfig();
  const source = opts.source ?? createRealtimeSource(settings, now, opts.log);
  const realtime = new RealtimeService(new TransitStore(opts.db), new RealtimeStore(opts.db), {
    source,
    cacheMs: settings.cacheMs,
    clock: now,
    log: opts.log,
    snapshots: opts.snapshots,
  });
  // The vehicle-number index (publicVehicle): every city's live state built in the background, one city at a time,
  // soon after the server is ready and then every indexMs, so a number no city has is answered without building any on
  // request. Started by startIndex() once every plugin has loaded (app/modules.ts, onReady): a first refresh during
  // start-up held the thread while plugins loaded ('Plugin did not start in time: graphqlPlugin' under load).
  const timers: ReturnType<typeof setTimeout>[] = [];
  const indexMs = settings.indexMs ?? 0;
  let closed = false;
  const refresh = () => realtime.refreshVehicleIndex().catch((err: unknown) => opts.log?.error({ err }, 'realtime vehicle index refresh failed'));
  const compileAtStart = opts.compileAtStart !== false;
  let feedsCompiled = !compileAtStart;
  let first: Promise<void> | null = null;
  const startIndex = () => {
    if (closed || first || !compileAtStart) return;
    first = refresh().finally(() => {
      feedsCompiled = true;
      if (indexMs <= 0 || closed) return;
      timers.push(setInterval(() => void refresh(), indexMs));
      for (const t of timers) t.unref();
    });
  };
  return {
    realtime,
    now,
    startIndex,
    get feedsCompiled() {
      return feedsCompiled;
    },
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      source.close?.();
      await first;
      await realtime.idle();
    },
  };
}

type Args = Record<string, unknown>;
type Parent = Record<string, unknown> | null | undefined;

/**
 * The city a nested field (Stop.disruptions, Route.disruptions) belongs to: the parent's own `cityId`/`city` when its
 * resolver put one there, else the `city` argument of the root field the parent came from.
 */
export function cityOf(parent: Parent, info: GraphQLResolveInfo): string | null {
  for (const k of ['cityId', 'city', 'city_id']) {
    const v = parent?.[k];
    if (typeof v === 'string' && v) return v;
  }
  let path = info.path;
  while (path.prev) path = path.prev;
  const rootKey = String(path.key);
  const find = (selections: readonly SelectionNode[]): string | null => {
    for (const sel of selections) {
      if (sel.kind === Kind.FIELD && (sel.alias?.value ?? sel.name.value) === rootKey) {
        const arg = sel.arguments?.find((a) => a.name.value === 'city');
        const value = arg ? valueFromASTUntyped(arg.value, info.variableValues) : null;
        return typeof value === 'string' ? value : null;
      }
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const hit = find(sel.selectionSet.selections);
        if (hit) return hit;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = info.fragments[sel.name.value];
        const hit = frag ? find(frag.selectionSet.selections) : null;
        if (hit) return hit;
      }
    }
    return null;
  };
  return find(info.operation.selectionSet.selections);
}

const clampLimit = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(100, Math.floor(v))) : dflt);

/**
 * Mercurius resolvers for the realtime fields of the transit contract (shared/contracts/src/transit-schema.ts), typed
 * from it (`npm run codegen`): an answer of the wrong shape fails tsc.
 */
export function realtimeResolvers(services: Pick<RealtimeServices, 'realtime' | 'now'>) {
  const { realtime, now } = services;
  /** The feed colours of the parent's route (an Arrival or a Vehicle), from its city's feed. */
  const colours = async (parent: Parent, info: GraphQLResolveInfo) => {
    const city = cityOf(parent, info);
    if (!city || typeof parent?.route_id !== 'string') return null;
    return (await realtime.feed(city))?.routeColours(parent.route_id) ?? null;
  };
  const routeColourFields = {
    route_color: async (parent: Parent, _a: Args, _ctx: unknown, info: GraphQLResolveInfo) => (await colours(parent, info))?.color ?? null,
    route_text_color: async (parent: Parent, _a: Args, _ctx: unknown, info: GraphQLResolveInfo) => (await colours(parent, info))?.textColor ?? null,
  };
  return {
    Query: {
      stopArrivals: (_: unknown, a: Args) =>
        realtime.stopArrivals(String(a.city), String(a.stopId), now(), clampLimit(a.limit, 10), typeof a.routeId === 'string' ? a.routeId : undefined),
      vehicle: (_: unknown, a: Args) => realtime.vehicle(String(a.city), String(a.vehicleNumber), now()),
      publicVehicle: (_: unknown, a: Args) => realtime.vehicleAnywhere(String(a.vehicleNumber), now(), typeof a.city === 'string' ? a.city : undefined),
      routeVehicles: (_: unknown, a: Args) => realtime.routeVehicles(String(a.city), String(a.routeId), now()),
      disruptions: (_: unknown, a: Args) => realtime.disruptions(String(a.city), now()),
    },
    Stop: {
      disruptions: (parent: Parent, _a: Args, _ctx: unknown, info: GraphQLResolveInfo) => {
        const city = cityOf(parent, info);
        return city && typeof parent?.stop_id === 'string' ? realtime.stopDisruptions(city, parent.stop_id, now()) : [];
      },
    },
    Route: {
      disruptions: (parent: Parent, _a: Args, _ctx: unknown, info: GraphQLResolveInfo) => {
        const city = cityOf(parent, info);
        return city && typeof parent?.route_id === 'string' ? realtime.routeDisruptions(city, parent.route_id, now()) : [];
      },
    },
    Arrival: routeColourFields,
    Vehicle: routeColourFields,
  } satisfies Resolvers;
}
