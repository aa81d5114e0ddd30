import { opsMain, parseOpsArgs, refusalsAsExitCode } from '../../cli/ops-command';
import { ApiError } from '../../platform/errors';
import { DEV_OPS_KEY } from '../auth';
import { localOpsPayments } from './payment-port';
import { ReservationService } from './service';

export const RESERVATION_OPS_USAGE = `Usage: npm run ops -- reservations trips <lineId> [--date YYYYMMDD]
       npm run ops -- reservations cancel <tripId> --disruption WEATHER|TRAFFIC|BREAKDOWN [--note "..."] [--as <name>]
       npm run ops -- reservations move <tripId> --to <tripId> [--as <name>]
       npm run ops -- reservations vehicle <tripId> <vehicleNo> [--as <name>]
       add --server <url> (or set SAWARI_API_URL) to act through a running server's operator API

Operator decisions on reserved-seat trips (docs/reservations.md), through the same service as /api/ops/reservations,
against the configured database (DATABASE_URL, else PGlite under DATA_DIR; stop a server using the same PGlite
directory first). A cancellation records each rider's full refund at once; payments is asked for it by the server's
refund job (within 30 s) in database mode, at once through --server. Every decision is recorded with who and when.`;

type Trips = Awaited<ReturnType<ReservationService['opsTrips']>>;
/** The service (database mode) or the operator API of a running server. */
export interface ReservationOpsBackend {
  opsTrips(lineId: string, date?: string): Promise<Trips>;
  opsCancelTrip(
    actor: string,
    tripId: string,
    disruption: string,
    note: string | null,
  ): Promise<{ tripId: string; cancelledBookings: string[]; droppedHolds: string[] }>;
  opsMoveBookings(actor: string, tripId: string, toTripId: string): Promise<{ moved: { from: string; to: string }[] }>;
  opsAssignVehicle(actor: string, tripId: string, vehicleNo: string): Promise<{ vehicleNo: string | null }>;
}

export function httpReservationOps(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): ReservationOpsBackend {
  const base = baseUrl.replace(/\/+$/, '');
  const call = async <T>(path: string, body?: object): Promise<T> => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}/api/ops/reservations${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Ops ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      throw new ApiError(503, 'SERVER_UNREACHABLE', `No answer from ${base} (${(e as Error).message}).`);
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok)
      throw new ApiError(
        res.status,
        typeof json.code === 'string' ? json.code : `HTTP_${res.status}`,
        typeof json.message === 'string' ? json.message : `The server answered ${res.status}.`,
      );
    return json as T;
  };
  const seg = encodeURIComponent;
  return {
    opsTrips: (lineId, date) => call(`/trips?lineId=${seg(lineId)}${date ? `&date=${seg(date)}` : ''}`),
    opsCancelTrip: (_a, tripId, disruption, note) => call(`/trips/${seg(tripId)}/cancel`, { disruption, ...(note ? { note } : {}) }),
    opsMoveBookings: (_a, tripId, toTripId) => call(`/trips/${seg(tripId)}/move`, { toTripId }),
    opsAssignVehicle: (_a, tripId, vehicleNo) => call(`/trips/${seg(tripId)}/vehicle`, { vehicleNo }),
  };
}

const DISRUPTIONS = ['WEATHER', 'TRAFFIC', 'BREAKDOWN'];

/** Runs one `reservations …` command; answers the exit code. */
export async function runReservationOps(
  argv: string[],
  svc: ReservationOpsBackend,
  out: (s: string) => void,
  err: (s: string) => void,
  who = process.env.USER ?? 'cli',
): Promise<number> {
  const parsed = parseOpsArgs(
    argv,
    {
      date: { type: 'string' },
      disruption: { type: 'string' },
      note: { type: 'string' },
      to: { type: 'string' },
      as: { type: 'string' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    RESERVATION_OPS_USAGE,
    err,
  );
  if (!parsed) return 2;
  const [group, command, id, extra] = parsed.positionals;
  if (parsed.values.help || group !== 'reservations' || !command || !id) {
    (parsed.values.help ? out : err)(RESERVATION_OPS_USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const actor = `ops:${parsed.values.as ?? who}`;
  return refusalsAsExitCode(err, async () => {
    if (command === 'trips') {
      const r = await svc.opsTrips(id, parsed.values.date);
      if (!r.trips.length) out(`No trips of ${id} on ${r.date}.`);
      for (const t of r.trips)
        out(`${t.id}  ${t.status}  ${t.seatsTaken}/${t.capacity} seats  ${t.vehicleNo ?? '-'}${t.disruption ? `  ${t.disruption}` : ''}`);
      return 0;
    }
    if (command === 'cancel') {
      const d = parsed.values.disruption?.toUpperCase();
      if (!d || !DISRUPTIONS.includes(d)) {
        err(`Say why: --disruption ${DISRUPTIONS.join('|')}`);
        return 2;
      }
      const r = await svc.opsCancelTrip(actor, id, d, parsed.values.note ?? null);
      out(
        `${r.tripId}: CANCELLED (${d}); ${r.cancelledBookings.length} bookings cancelled and refunded in full, ${r.droppedHolds.length} unpaid holds dropped`,
      );
      return 0;
    }
    if (command === 'move') {
      if (!parsed.values.to) {
        err('Say where to: --to <tripId>');
        return 2;
      }
      const r = await svc.opsMoveBookings(actor, id, parsed.values.to);
      out(`${id} → ${parsed.values.to}: ${r.moved.length} bookings moved`);
      return 0;
    }
    if (command === 'vehicle' && extra) {
      const r = await svc.opsAssignVehicle(actor, id, extra.toUpperCase());
      out(`${id}: vehicle ${r.vehicleNo}`);
      return 0;
    }
    err(RESERVATION_OPS_USAGE);
    return 2;
  });
}

if (require.main === module) {
  opsMain({
    devKey: DEV_OPS_KEY,
    remote: (server, key, argv) => runReservationOps(argv, httpReservationOps(server, key), console.log, console.error),
    local: (db, _config, argv) => {
      const svc = new ReservationService(db, Date.now);
      svc.useRefunds(localOpsPayments(db, Date.now, svc));
      return runReservationOps(argv, svc, console.log, console.error);
    },
  });
}
