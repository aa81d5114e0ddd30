// Test support for the restore drill: the things riders and operators make through a running server's HTTP API that
// a backup must keep: riders, a paid pass, a pass under verification with its proof files (approved by an operator),
// a paid reserved seat, and a transit card recharge written to the card by a tap (a card load).
import { randomUUID } from 'node:crypto';
import { TEST_VPAS } from '../dev-gateway/defaults';
import { card, upi } from '../testing/gateway-pay';
import { payOverHttp, signInOverHttp, submittedPassOrder, todayInKolkata, type HttpRider } from './spawned-server.testing';

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const OPS = { authorization: 'Ops sawari-dev-ops' };

async function call(
  url: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  expected: number[],
): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!expected.includes(r.status)) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface DrillFacts {
  riders: HttpRider[];
  passTx: string;
  verifiedTx: string;
  bookingId: string;
  cardRef: string;
  cardBalancePaise: number;
}

/** Tomorrow in Asia/Kolkata as YYYYMMDD (reserved-seat slots of a whole day, whatever the hour of the run). */
const tomorrow = () => new Date(Date.parse(`${todayInKolkata()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');

export async function makeDrillData(url: string, phones: [string, string]): Promise<DrillFacts> {
  const [asha, ravi] = [await signInOverHttp(url, phones[0]), await signInOverHttp(url, phones[1], 'spawned-device-2')];

  // A general pass, paid by card (on the gateway's hosted page: the server was given a gateway, spawnServer).
  const order = await call(
    url,
    'POST',
    '/api/passes/v3/orders',
    {
      appVer: '1.0.0',
      city: 'mumbai',
      deviceId: 'spawned-device-1',
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: [],
      userDetails: { mailId: 'a@b.in', mobileNumber: phones[0], userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: asha.userId },
      passProps: { passStartDate: todayInKolkata(), categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
      transactionId: `drill-${randomUUID().slice(0, 8)}`,
    },
    asha.headers,
    [201],
  );
  const passTx = String(order.transactionId);
  const paid = await payOverHttp(url, asha, 'pass', passTx, card(), { key: `drill-${randomUUID()}` });
  if (paid.status !== 'SUCCESS') throw new Error(`pass payment: ${JSON.stringify(paid)}`);

  // A concession pass with two proof files, approved by an operator.
  const verifiedTx = await submittedPassOrder(url, ravi, phones[1]);
  await call(url, 'POST', `/api/ops/verifications/${verifiedTx}/approve`, {}, OPS, [200]);

  // A reserved seat on tomorrow's first airport express (every day, every 30 minutes), paid.
  const slots = await call(
    url,
    'GET',
    `/api/reservations/v1/cities/mumbai/slots?lineId=AIR-AE-T1-KHR&fromStopId=T1-BAY&toStopId=KHARGHAR&date=${tomorrow()}`,
    undefined,
    asha.headers,
    [200],
  );
  const tripId = String((slots.slots as { tripId: string }[])[0].tripId);
  const pair = { fromStopId: 'T1-BAY', toStopId: 'KHARGHAR' };
  const passengers = { adult: 1, child: 0, senior: 0 };
  const fare = await call(url, 'POST', '/api/reservations/v1/fare', { options: [{ tripId, ...pair }], passengers }, asha.headers, [200]);
  const booking = await call(
    url,
    'POST',
    '/api/reservations/v1/bookings',
    { tripId, ...pair, passengers, farePaise: fare.payableAmount },
    { ...asha.headers, 'idempotency-key': `drill-${randomUUID()}` },
    [201],
  );
  const bookingId = String(booking.bookingId);
  const seat = await payOverHttp(url, asha, 'reservation', bookingId, card(), { key: `drill-${randomUUID()}` });
  if (seat.status !== 'SUCCESS') throw new Error(`seat payment: ${JSON.stringify(seat)}`);

  // An NCMC card: read by a terminal, linked, recharged by UPI, and the load written to the chip by the next tap.
  const cardNumber = '6070000000000002';
  const tap = (farePaise: number) =>
    call(url, 'POST', '/api/cards/v1/terminal/taps', { tapId: `drill-${randomUUID()}`, cardNumber, farePaise, validThru: '2030-12' }, VALIDATOR, [200]);
  await tap(0);
  const linked = await call(url, 'POST', '/api/cards/v1/cards', { kind: 'ncmc', cardNumber, name: 'Metro' }, asha.headers, [201]);
  const cardRef = String(linked.cardRef);
  const recharge = await call(
    url,
    'POST',
    '/api/cards/v1/recharges',
    { cardRef, amountPaise: 50_000, city: 'mumbai' },
    { ...asha.headers, 'idempotency-key': `drill-${randomUUID()}` },
    [200, 201],
  );
  const rechargePaid = await payOverHttp(url, asha, String(recharge.orderKind), String(recharge.orderId), upi(TEST_VPAS.success), {
    key: `drill-${randomUUID()}`,
  });
  if (rechargePaid.status !== 'SUCCESS') throw new Error(`recharge payment: ${JSON.stringify(rechargePaid)}`);
  // NCMC: the staged money is moved to the card's pending loads, which the next tap writes.
  await call(url, 'POST', `/api/cards/v1/recharges/${String(recharge.orderId)}/offline-recharge`, undefined, asha.headers, [200]);
  const written = await tap(2_500);
  if ((written.written as unknown[]).length !== 1 || written.status !== 'ACCEPTED') throw new Error(`card load: ${JSON.stringify(written)}`);
  return { riders: [asha, ravi], passTx, verifiedTx, bookingId, cardRef, cardBalancePaise: Number(written.balancePaise) };
}
