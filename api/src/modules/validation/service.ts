import { randomUUID } from 'node:crypto';
import type { PunchRequest, PunchResult, Ride, RideReceipt, RideSource, RideSyncResponse, RiderPunch } from '@sawari/contracts';
import {
  CITY_TIME_ZONE,
  checkSlot,
  expandSlot,
  importDevicePublicKey,
  isUsedUpForDay,
  localDate,
  newSoundShortCode,
  parseSoundPayload,
  signToken,
  slotAt,
  syncedPunchRefusal,
  TICKET_CODE_FAILURE_MESSAGES,
  tripsLeftToday,
  verifyTicketCode,
  type SyncedPunchRefusal,
  type TicketClaims,
} from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { SigningKeys } from './keys';
import { Validatables, type Validatable, type ValidatableLookup } from './ports';
import { ValidationStore, type PunchRow } from './store';

/** A rider's punch may be at most this far ahead of the server's clock (the shared rule's bound). */
export { MAX_PUNCH_AHEAD_MS } from '@sawari/domain';

/** Why a synced punch is refused (codes from the shared rule `syncedPunchRefusal`). */
const SYNC_REFUSALS: Record<SyncedPunchRefusal, (item: Validatable) => string> = {
  PUNCH_IN_FUTURE: () => 'The punch time is more than 5 minutes ahead of the server’s clock. Check the phone’s clock.',
  BEFORE_PURCHASE: () => 'The punch time is before the ticket or pass was bought. Check the phone’s clock.',
  NOT_YET_VALID: () => 'The ticket or pass was not valid yet at the punch time.',
  EXPIRED: () => 'The ticket or pass had expired at the punch time.',
  TRIPS_EXHAUSTED: (item) => `All ${item.tripsPerDay} trips of that day had been used.`,
};

/** Reasons a code is refused besides the verifier library's (docs/validation.md). */
export type CodeRefusal =
  keyof typeof TICKET_CODE_FAILURE_MESSAGES | 'UNKNOWN_TICKET' | 'REVOKED' | 'DEVICE_REPLACED' | 'UNKNOWN_SOUND_CODE' | 'SOUND_DISABLED';
const REFUSALS: Record<CodeRefusal, string> = {
  ...TICKET_CODE_FAILURE_MESSAGES,
  UNKNOWN_TICKET: 'This ticket or pass does not exist.',
  REVOKED: 'This ticket or pass is no longer valid (cancelled or refunded).',
  DEVICE_REPLACED: 'This code comes from a phone the rider has since replaced. Ask the rider to open the ticket again.',
  UNKNOWN_SOUND_CODE: 'No ticket has this sound code.',
  SOUND_DISABLED: 'Sound validation is turned off in this ticket’s city. Scan the QR code instead.',
};

/** 422 CODE_INVALID with the reason (the routes add `reason` to the body). */
export class CodeInvalidError extends ApiError {
  constructor(readonly reason: CodeRefusal) {
    super(422, 'CODE_INVALID', REFUSALS[reason]);
  }
}

const notFound = () => new ApiError(404, 'TICKET_NOT_FOUND', 'There is no such ticket or pass in your account.');
/** A ticket's trips are its total rides (1 for a single journey, one per leg for a multi-route ticket); a pass's are per day. */
const isTicket = (i: Validatable) => i.kind === 'ticket';
const ticketTrips = (i: Validatable) => Math.max(1, i.tripsPerDay);
const ride = (p: PunchRow): Ride => ({ punchId: p.punchId, punchingTime: p.punchingTime, vehicleNo: p.vehicleNo, stopId: p.stopId, source: p.source });

interface Counts {
  ridesToday: number;
  tripsLeftToday: number | null;
  status: 'ACTIVE' | 'USED';
}

/** Tokens, validator punches, rider punch sync, ride history and receipts. */
export class ValidationService {
  readonly store: ValidationStore;
  private readonly items: Validatables;
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    lookups: readonly ValidatableLookup[],
    private readonly now: Clock,
  ) {
    this.store = new ValidationStore(db);
    this.items = new Validatables(lookups);
  }

  publishedKeys() {
    return { keys: this.keys.published };
  }

  /** POST /api/validation/tokens: a token for the owner's issued, unexpired item, bound to the device key. */
  async issueToken(userId: string, transactionId: string, devicePublicKey: string): Promise<{ token: string; claims: TicketClaims }> {
    const found = await this.items.find(transactionId);
    if (!found || found.item.userId !== userId) throw notFound();
    const item = found.item;
    const now = this.now();
    if (item.status === 'USED' || (isTicket(item) && (await this.store.punches(transactionId)).length >= ticketTrips(item)))
      throw new ApiError(409, 'TICKET_USED', 'This ticket has been used.');
    if (item.status === 'EXPIRED' || (item.status === 'ISSUED' && now >= item.validUntil))
      throw new ApiError(409, 'TICKET_EXPIRED', 'This ticket or pass has expired.');
    if (item.status !== 'ISSUED') throw new ApiError(409, 'NOT_ISSUED', `This ticket or pass cannot be shown yet (its status is ${item.status}).`);
    if (!(await importDevicePublicKey(devicePublicKey))) throw new ApiError(400, 'INVALID_DEVICE_KEY', 'devicePublicKey is not a P-256 public key.');
    let bound = null;
    for (let attempt = 0; !bound && attempt < 5; attempt++)
      bound = await this.store.bindDevice({ transactionId, kind: item.kind, userId, soundCode: newSoundShortCode(), deviceKey: devicePublicKey, now });
    if (!bound) throw new Error('could not draw a free sound code in 5 attempts');
    const claims: TicketClaims = {
      v: 1,
      kid: this.keys.kid,
      tid: transactionId,
      kind: item.kind,
      pt: item.productType,
      city: item.city,
      agency: item.agency,
      uid: userId,
      nb: item.validFrom,
      exp: item.validUntil,
      trips: item.tripsPerDay,
      sc: bound.soundCode,
      dk: devicePublicKey,
    };
    return { token: await signToken(this.keys.privateKey, claims), claims };
  }

  /** POST /api/validation/punches: verifies a QR or sound code and records the punch (once per code slot). */
  async punch(validator: string, body: PunchRequest): Promise<PunchResult> {
    const now = this.now();
    let transactionId: string;
    let slot: number;
    let source: RideSource;
    let uid: string | null = null;
    if (body.code !== undefined) {
      const v = await verifyTicketCode(body.code, { keys: this.keys.verification, now });
      if (!v.ok) throw new CodeInvalidError(v.reason);
      const bound = await this.store.item(v.claims.tid);
      if (bound && bound.deviceKey !== v.claims.dk) throw new CodeInvalidError('DEVICE_REPLACED');
      ({ tid: transactionId, uid } = v.claims);
      slot = v.slot;
      source = 'QR';
    } else {
      const payload = parseSoundPayload(body.soundCode!);
      if (!payload) throw new CodeInvalidError('MALFORMED');
      const bound = await this.store.itemBySoundCode(payload.sc);
      if (!bound) throw new CodeInvalidError('UNKNOWN_SOUND_CODE');
      slot = expandSlot(payload.slot16, slotAt(now));
      const late = checkSlot(slot, now);
      if (late) throw new CodeInvalidError(late);
      transactionId = bound.transactionId;
      source = 'SOUND';
    }
    const found = await this.items.find(transactionId);
    if (!found) throw new CodeInvalidError('UNKNOWN_TICKET');
    const { item, lookup } = found;
    if (uid !== null && item.userId !== uid) throw new CodeInvalidError('REVOKED');
    if (source === 'SOUND' && !(await this.store.soundValidationEnabled(item.city))) throw new CodeInvalidError('SOUND_DISABLED');
    if (now < item.validFrom) throw new CodeInvalidError('NOT_YET_VALID');
    if (now >= item.validUntil || item.status === 'EXPIRED') throw new CodeInvalidError('EXPIRED');
    if (item.status !== 'ISSUED' && item.status !== 'USED') throw new CodeInvalidError('REVOKED');

    return this.db.transaction(async (tx) => {
      const store = new ValidationStore(tx);
      await store.lockItem(transactionId);
      if (await store.punchAtSlot(transactionId, slot))
        throw new ApiError(409, 'PUNCH_REPLAYED', 'This code has already been punched. Ask the rider to show the live code.');
      const before = await store.punches(transactionId);
      const refusal = this.refusal(item, before, now);
      const base = { transactionId, source, kind: item.kind, productType: item.productType, city: item.city, validUntil: item.validUntil };
      if (refusal?.code === 'RIDE_ACTIVE') {
        // No trips left today, but the last ride is still within its active duration: the rider is on it. A check
        // (an inspector's punch) confirms that ride instead of counting a new one.
        const last = before.at(-1)!;
        return { ...base, punchId: last.punchId, punchingTime: last.punchingTime, ...this.counts(item, before, now), newRide: false };
      }
      if (refusal) throw new ApiError(409, refusal.code, refusal.message);
      const row: PunchRow = {
        punchId: randomUUID(),
        transactionId,
        kind: item.kind,
        userId: item.userId,
        punchingTime: now,
        source,
        slot,
        vehicleNo: body.vehicleNo ?? null,
        stopId: body.stopId ?? null,
        recordedBy: validator,
        receivedAt: now,
      };
      if (!(await store.insertPunch(row)))
        throw new ApiError(409, 'PUNCH_REPLAYED', 'This code has already been punched. Ask the rider to show the live code.');
      const after = [...before, row];
      const counts = this.counts(item, after, now);
      await lookup.onPunched?.({ transactionId, punchId: row.punchId, punchingTime: now, source, status: counts.status, rideCount: after.length }, tx);
      return { ...base, punchId: row.punchId, punchingTime: now, ...counts, newRide: true };
    });
  }

  /** Why a punch at `at` is refused, given the earlier punches; null when it counts as a ride. */
  private refusal(item: Validatable, before: readonly PunchRow[], at: number): { code: string; message: string } | null {
    if (item.status === 'USED' || (isTicket(item) && before.length >= ticketTrips(item)))
      return { code: 'TICKET_USED', message: 'This ticket has already been used for its journey.' };
    if (isTicket(item)) return null;
    const record = {
      status: 'ACTIVE',
      punches: before.filter((p) => p.punchingTime <= at),
      maxTripsPerDay: item.tripsPerDay,
      activeDurationMs: item.activeDurationMin == null ? null : item.activeDurationMin * 60_000,
    };
    if (isUsedUpForDay(record, at)) return { code: 'TRIPS_EXHAUSTED', message: `All ${item.tripsPerDay} trips for today have been used.` };
    if (tripsLeftToday(record, at) === 0)
      return { code: 'RIDE_ACTIVE', message: `All ${item.tripsPerDay} trips for today have been used; the last ride is still active.` };
    return null;
  }

  private counts(item: Validatable, punches: readonly { punchingTime: number }[], now: number): Counts {
    const today = localDate(now, CITY_TIME_ZONE);
    const ridesToday = punches.filter((p) => localDate(p.punchingTime, CITY_TIME_ZONE) === today).length;
    if (isTicket(item)) {
      const left = item.status === 'USED' ? 0 : Math.max(0, ticketTrips(item) - punches.length);
      return { ridesToday, tripsLeftToday: left, status: left === 0 ? 'USED' : 'ACTIVE' };
    }
    return { ridesToday, tripsLeftToday: tripsLeftToday({ status: 'ACTIVE', punches: [...punches], maxTripsPerDay: item.tripsPerDay }, now), status: 'ACTIVE' };
  }

  /**
   * POST /api/validation/rides/sync: the rider's own punches, idempotent by punchId. One transaction per item (its
   * punches in time order, under the item's lock), so overlapping batches neither duplicate nor lose a punch.
   */
  async sync(userId: string, punches: RiderPunch[]): Promise<RideSyncResponse> {
    const out: RideSyncResponse = { accepted: [], duplicates: [], rejected: [] };
    const now = this.now();
    const groups = new Map<string, RiderPunch[]>();
    for (const p of punches) groups.set(p.transactionId, [...(groups.get(p.transactionId) ?? []), p]);
    for (const [transactionId, group] of groups) {
      group.sort((a, b) => a.punchingTime - b.punchingTime);
      const found = await this.items.find(transactionId);
      await this.db.transaction(async (tx) => {
        const store = new ValidationStore(tx);
        await store.lockItem(transactionId);
        const known = new Map((await store.punchesByIds(group.map((p) => p.punchId))).map((p) => [p.punchId, p]));
        const all = await store.punches(transactionId);
        for (const p of group) {
          const reject = (code: string, message: string) => out.rejected.push({ punchId: p.punchId, code, message });
          const seen = known.get(p.punchId);
          if (seen) {
            if (seen.userId === userId && seen.transactionId === transactionId) out.duplicates.push(p.punchId);
            else reject('PUNCH_ID_TAKEN', 'This punchId is already used by another punch. Make a new one.');
            continue;
          }
          if (!found || found.item.userId !== userId) {
            reject('TICKET_NOT_FOUND', 'There is no such ticket or pass in your account.');
            continue;
          }
          const item = found.item;
          // EXPIRED is fine here: a punch made offline before the expiry is judged by its own time just below.
          if (item.status !== 'ISSUED' && item.status !== 'USED' && item.status !== 'EXPIRED') {
            reject('NOT_ISSUED', `This ticket or pass cannot be used (its status is ${item.status}).`);
            continue;
          }
          // The phone's time is bounded by the server's clock, the purchase and the validity; the day's trip limit
          // counts every recorded ride of that day, so punches arriving out of order cannot overfill it.
          const bounded = syncedPunchRefusal({
            punchingTime: p.punchingTime,
            now,
            boughtAt: item.bookingTime,
            validFrom: item.validFrom,
            validUntil: item.validUntil,
            maxTripsPerDay: isTicket(item) ? null : item.tripsPerDay,
            recorded: all.map((x) => x.punchingTime),
          });
          if (bounded) {
            reject(bounded, SYNC_REFUSALS[bounded](item));
            continue;
          }
          const refusal = this.refusal(item, all, p.punchingTime);
          if (refusal) {
            reject(refusal.code === 'RIDE_ACTIVE' ? 'TRIPS_EXHAUSTED' : refusal.code, refusal.message);
            continue;
          }
          const row: PunchRow = {
            punchId: p.punchId,
            transactionId,
            kind: item.kind,
            userId,
            punchingTime: p.punchingTime,
            source: p.source ?? 'SCAN_QR',
            slot: null,
            vehicleNo: p.vehicleNo ?? null,
            stopId: p.stopId ?? null,
            recordedBy: 'rider',
            receivedAt: now,
          };
          if (!(await store.insertPunch(row))) {
            reject('PUNCH_ID_TAKEN', 'This punchId is already used by another punch. Make a new one.');
            continue;
          }
          known.set(row.punchId, row);
          all.push(row);
          all.sort((a, b) => a.punchingTime - b.punchingTime);
          out.accepted.push(p.punchId);
          await found.lookup.onPunched?.(
            {
              transactionId,
              punchId: row.punchId,
              punchingTime: row.punchingTime,
              source: row.source,
              status: isTicket(item) && all.length >= ticketTrips(item) ? 'USED' : 'ACTIVE',
              rideCount: all.length,
            },
            tx,
          );
        }
      });
    }
    return out;
  }

  private async owned(userId: string, transactionId: string): Promise<Validatable> {
    const found = await this.items.find(transactionId);
    if (!found || found.item.userId !== userId) throw notFound();
    return found.item;
  }

  /** GET /api/validation/rides/:transactionId (newest first). */
  async rides(userId: string, transactionId: string) {
    await this.owned(userId, transactionId);
    return { transactionId, rides: (await this.store.punches(transactionId)).reverse().map(ride) };
  }

  /** GET /api/validation/receipts/:transactionId */
  async receipt(userId: string, transactionId: string): Promise<RideReceipt> {
    const item = await this.owned(userId, transactionId);
    const punches = await this.store.punches(transactionId);
    const now = this.now();
    const counts = this.counts(item, punches, now);
    const status =
      item.status !== 'ISSUED' && item.status !== 'USED' ? item.status : counts.status === 'USED' ? 'USED' : now >= item.validUntil ? 'EXPIRED' : 'ACTIVE';
    return {
      transactionId,
      kind: item.kind,
      productType: item.productType,
      productSubType: item.productSubType ?? null,
      title: item.title,
      city: item.city,
      agency: item.agency,
      validFrom: item.validFrom,
      validUntil: item.validUntil,
      bookingTime: item.bookingTime,
      farePaise: item.farePaise,
      status,
      maxTripsPerDay: item.tripsPerDay,
      rideCount: punches.length,
      ridesToday: counts.ridesToday,
      tripsLeftToday: counts.tripsLeftToday,
      lastRide: punches.length ? ride(punches.at(-1)!) : null,
      rides: [...punches].reverse().map(ride),
      details: item.details ?? {},
      serverTime: now,
    };
  }

  /** The wallet listing's read port (tickets module PunchSource): punch times per transactionId, oldest first. */
  punchesFor(transactionIds: string[]): Promise<Map<string, { punchingTime: number }[]>> {
    return this.store.punchTimes(transactionIds);
  }
}
