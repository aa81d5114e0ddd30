import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { seedCityConfig, DEMO_DATA_DIR } from '../../seed';
import { TestClock } from '../../testing/accounts';
import { ReservationService } from './service';
import { seedReservationLines } from './seed';
import { runReservationOps } from './ops-cli';
import { localOpsPayments } from './payment-port';

const ist = (s: string) => Date.parse(`${s}+05:30`);

describe(`npm run ops -- reservations ${dbLabel()}`, () => {
  let t: TestDb;
  let service: ReservationService;
  const clock = new TestClock(ist('2026-11-23T06:00:00'));
  beforeAll(async () => {
    t = await openTestDb();
    await seedCityConfig(t.db, DEMO_DATA_DIR);
    await seedReservationLines(t.db, DEMO_DATA_DIR);
    service = new ReservationService(t.db, clock.now);
    service.useRefunds(localOpsPayments(t.db, clock.now, service));
    await t.db.query("INSERT INTO users (id, phone_number, country_code, created_at) VALUES ('u-cli', '9000011111', '+91', 0)");
  }, 60_000);
  afterAll(() => t.cleanup());

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReservationOps(
      argv,
      service,
      (s) => out.push(s),
      (s) => err.push(s),
      'asha',
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('lists trips, assigns a vehicle, cancels with a disruption (recorded with who), refuses bad input', async () => {
    const fare = (
      await service.fare({
        options: [{ tripId: 'PRM-1.202611230700', fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' }],
        passengers: { adult: 1, child: 0, senior: 0 },
      })
    ).payableAmount;
    const b = await service.hold('u-cli', {
      tripId: 'PRM-1.202611230700',
      fromStopId: 'PRM-THANE',
      toStopId: 'PRM-BKC',
      passengers: { adult: 1, child: 0, senior: 0 },
      farePaise: fare,
    });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, b.bookingId);
      await service.issue(tx, b.bookingId);
    });
    const trips = await run('reservations', 'trips', 'PRM-1', '--date', '20261123');
    expect(trips.code).toBe(0);
    expect(trips.out).toContain('PRM-1.202611230700  PLANNED  1/40 seats  -');
    expect((await run('reservations', 'vehicle', 'PRM-1.202611230700', 'mh01ab1234')).out).toBe('PRM-1.202611230700: vehicle MH01AB1234');
    expect((await run('reservations', 'cancel', 'PRM-1.202611230700')).code).toBe(2);
    expect((await run('reservations', 'cancel', 'PRM-1.202611230700', '--disruption', 'aliens')).err).toContain('--disruption WEATHER|TRAFFIC|BREAKDOWN');
    const c = await run('reservations', 'cancel', 'PRM-1.202611230700', '--disruption', 'traffic', '--note', 'Road closed');
    expect(c).toMatchObject({ code: 0, out: 'PRM-1.202611230700: CANCELLED (TRAFFIC); 1 bookings cancelled and refunded in full, 0 unpaid holds dropped' });
    expect((await run('reservations', 'cancel', 'PRM-1.202611230700', '--disruption', 'traffic')).err).toContain('TRIP_NOT_OPEN');
    expect((await service.booking('u-cli', b.bookingId)).refunds.map((r) => r.amountPaise)).toEqual([fare]);
    expect((await service.store.opsLog('PRM-1.202611230700')).map((l) => `${l.actor}:${l.action}`)).toEqual([
      'ops:asha:ASSIGN_VEHICLE',
      'ops:asha:CANCEL_TRIP',
    ]);
    expect((await run('reservations', 'move', 'PRM-1.202611230720')).code).toBe(2);
    expect((await run('reservations', 'bogus', 'x')).code).toBe(2);
  });

  it("moves a trip's bookings without a server: the new booking is a ₹0 order issued through payments on this database", async () => {
    const tripId = 'PRM-1.202611230740';
    const fare = (await service.fare({ options: [{ tripId, fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' }], passengers: { adult: 1, child: 0, senior: 0 } }))
      .payableAmount;
    const b = await service.hold('u-cli', {
      tripId,
      fromStopId: 'PRM-THANE',
      toStopId: 'PRM-BKC',
      passengers: { adult: 1, child: 0, senior: 0 },
      farePaise: fare,
    });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, b.bookingId);
      await service.issue(tx, b.bookingId);
    });
    expect(await run('reservations', 'move', tripId, '--to', 'PRM-1.202611230800')).toMatchObject({
      code: 0,
      out: `${tripId} → PRM-1.202611230800: 1 bookings moved`,
    });
    const moved = (await service.bookings('u-cli', 'mumbai')).bookings.find((x) => x.prevBookingId === b.bookingId)!;
    expect(moved).toMatchObject({ status: 'ACTIVE', tripId: 'PRM-1.202611230800', amountPaise: 0 });
    const order = await t.db.query<{ state: string; product_id: string }>(
      `SELECT state, product_id FROM payment_orders WHERE order_kind = 'reservation' AND order_id = $1`,
      [moved.bookingId],
    );
    expect(order.rows).toEqual([{ state: 'ISSUED', product_id: moved.bookingId }]);
  });
});
