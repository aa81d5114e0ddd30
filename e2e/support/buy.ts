import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Buying for the e2e specs: a held seat paid in the app's shared checkout, and seats and passes bought through the
// API as another device of the rider would (sandbox payments: docs/checkout.md).

/** A sandbox payment that succeeds at once. */
export const SANDBOX_CARD = { method: 'card', details: { number: '4111111111111111', expiryMonth: 12, expiryYear: 2030, cvv: '123' } } as const;
export const SANDBOX_UPI = { method: 'upi', details: { vpa: 'success@upi' } } as const;

/** From a held seat's pay screen (pay-for-ticket): pay `price` by UPI in the shared checkout. Answers the booking id. */
export async function payHeldSeatByUpi(page: Page, price: string): Promise<string> {
  await expect(page).toHaveURL(/\/app\/premium-buses\/pay-for-ticket\?bookingId=RSV-/);
  const id = new URL(page.url()).searchParams.get('bookingId')!;
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/select-payment/[^/]+/reservation/${id}`));
  await page.getByRole('link', { name: /UPI/ }).click();
  await page.getByLabel('UPI id').fill(SANDBOX_UPI.details.vpa);
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  return id;
}

/** Pays an order of `kind` (reservation, pass, …) through the API; the payment must succeed. */
export async function payThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  kind: string,
  orderId: string,
  payment: typeof SANDBOX_CARD | typeof SANDBOX_UPI = SANDBOX_CARD,
): Promise<void> {
  // A key of its own per order (8 to 64 characters: the order id's end is the unique part).
  const key = `e2e-${orderId}`.slice(-64);
  const paid = await request.post(`/api/payments/${kind}/${orderId}/pay`, { headers: { ...headers, 'idempotency-key': key }, data: payment });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Holds seats on a reserved trip (premium, airport express, event) at its quoted fare and pays for them through the
 *  API. Answers the booking id and the fare paid. */
export async function bookAndPaySeatThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  tripId: string,
  pair: { fromStopId: string; toStopId: string },
  {
    passengers = { adult: 1, child: 0, senior: 0 },
    payment = SANDBOX_CARD,
  }: { passengers?: Record<string, number>; payment?: typeof SANDBOX_CARD | typeof SANDBOX_UPI } = {},
): Promise<{ id: string; farePaise: number }> {
  const fare = await (await request.post('/api/reservations/v1/fare', { headers, data: { options: [{ tripId, ...pair }], passengers } })).json();
  const held = await request.post('/api/reservations/v1/bookings', { headers, data: { tripId, ...pair, passengers, farePaise: fare.payableAmount } });
  expect(held.status(), await held.text()).toBe(201);
  const id = (await held.json()).bookingId as string;
  await payThroughApi(request, headers, 'reservation', id, payment);
  return { id, farePaise: fare.payableAmount as number };
}

/** Orders a Mumbai pass through the API, starting on `startDate` (a city date, YYYY-MM-DD, on the server's clock), with
 *  the uploaded `proofs` a concession needs (none by default); answers its transaction id, unpaid. */
export async function orderPassThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  pass: {
    startDate: string;
    fmId: string;
    configurationId: string;
    categoryId: string;
    fare: number;
    userName: string;
    mobileNumber?: string;
    proofs?: { kind: string; fileId: string }[];
  },
): Promise<string> {
  const order = await request.post('/api/passes/v3/orders', {
    headers,
    data: {
      appVer: '1001',
      city: 'mumbai',
      deviceId: headers.deviceid,
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: pass.proofs ?? [],
      userDetails: {
        mailId: null,
        mobileNumber: pass.mobileNumber ?? '9000000000',
        userName: pass.userName,
        gender: null,
        dobInMillis: null,
        userId: headers.userid,
      },
      passProps: { passStartDate: pass.startDate, categoryId: pass.categoryId, fmId: pass.fmId, configurationId: pass.configurationId, passFare: pass.fare },
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  return (await order.json()).transactionId as string;
}
