import { walletResponseSchema, type TicketOrder, type WalletItem } from '@sawari/contracts';
import { routeHarness } from '../../testing/route-harness';
import { ticketRoutes } from './routes';
import type { TicketService } from './service';

// The route layer alone (a fake service, no database): answers are serialised by their response schemas, so a field
// a service or a stored record carries by mistake never reaches the rider.
const item: WalletItem = {
  transactionId: 'TKT-1',
  ticketId: 'T-1',
  configurationId: 'ticket-singleJourney',
  productType: 'singleJourneyTicket',
  productSubType: null,
  city: 'mumbai',
  agency: 'BEST',
  categoryId: 'adult',
  categoryName: 'Adult × 1',
  fmId: 'f',
  fare: 20,
  discountedFare: 20,
  farePaise: 2000,
  numOfDays: null,
  passStartDate: null,
  startTime: 1,
  expiryTime: 2,
  activationExpiryTime: null,
  bookingTime: 1,
  status: 'UNUSED',
  punches: [{ punchingTime: 5 }],
  rideCount: 1,
  maxTripsPerDay: 1,
  numOfTrips: 1,
  activeDuration: 15,
  fareInfo: { actualFare: 2000, discountedFare: 2000, payableAmount: 2000, fareBreakup: [{ name: 'Adult', value: 2000 }] },
  isRenewable: false,
  specialFeatures: [],
  infoNote: null,
  conditions: [],
  desc: null,
};
const order: TicketOrder = {
  transactionId: 'TKT-00000000-0000-4000-8000-000000000000',
  city: 'mumbai',
  kind: 'instant',
  status: 'PENDING',
  payableAmount: 2000,
  ticketId: null,
  createdAt: 1,
  fare: { passengerDetails: [], totalAvailableSeats: 10, payableAmount: 2000, actualAmount: 2000 },
};

describe('tickets routes: answers through their response schemas', () => {
  it('a field added by mistake (top level, in an item, in a nested object) is not sent; the rest is', async () => {
    const service = {
      wallet: async () => ({
        items: [{ ...item, riderPhone: '9876543210', fareInfo: { ...item.fareInfo, gatewayRef: 'pay_123' } }],
        serverTime: 7,
        debug: { sql: 'SELECT' },
      }),
      getOrder: async () => ({ ...order, orderKey: 'rider-key-123', userId: 'rider-1' }),
    } as unknown as TicketService;
    const { app, headers } = await routeHarness((a, guard) => a.register(ticketRoutes, { service, guard }));
    try {
      const wallet = await app.inject({ url: '/api/tickets/wallet?city=mumbai', headers });
      expect(wallet.statusCode).toBe(200);
      const body = wallet.json();
      expect(body).not.toHaveProperty('debug');
      expect(body.items[0]).not.toHaveProperty('riderPhone');
      expect(body.items[0].fareInfo).not.toHaveProperty('gatewayRef');
      expect(walletResponseSchema.parse(body)).toEqual({ items: [item], serverTime: 7 });
      expect(body.items[0]).toEqual(item);

      const got = await app.inject({ url: `/api/tickets/v1/orders/${order.transactionId}`, headers });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(order);
    } finally {
      await app.close();
    }
  });

  it('params, query and the idempotency-key header are validated before the service is called (400 {code, message})', async () => {
    let calls = 0;
    const keys: (string | undefined)[] = [];
    const service = {
      wallet: async () => (calls++, { items: [], serverTime: 1 }),
      createOrder: async (_user: string, _body: unknown, o: { orderKey?: string }) => (calls++, keys.push(o.orderKey), order),
    } as unknown as TicketService;
    const { app, headers } = await routeHarness((a, guard) => a.register(ticketRoutes, { service, guard }));
    try {
      const badCity = await app.inject({ url: '/api/tickets/wallet?city=Not%20A%20City', headers });
      expect(badCity.statusCode).toBe(400);
      expect(badCity.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const body = { kind: 'instant', instantFareId: 'ac-1', passengerCount: 1, city: 'mumbai', farePaise: 2000, deviceId: 'd', appVer: '1' };
      const badKey = await app.inject({ method: 'POST', url: '/api/tickets/v1/orders', headers: { ...headers, 'idempotency-key': 'short' }, payload: body });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().message).toMatch(/idempotency-key/);
      expect(calls).toBe(0);
      const ok = await app.inject({
        method: 'POST',
        url: '/api/tickets/v1/orders',
        headers: { ...headers, 'idempotency-key': 'rider-key-0001' },
        payload: body,
      });
      expect(ok.statusCode).toBe(201);
      expect(calls).toBe(1);
      expect(keys).toEqual(['rider-key-0001']);
    } finally {
      await app.close();
    }
  });
});
