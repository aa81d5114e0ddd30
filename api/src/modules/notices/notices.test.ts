// Riders hear by SMS (through the SMS port) what became of their documents and payments. Written in
// the transaction that decides or pays, so exactly one message per outcome, and a failing SMS gateway never fails the
// decision or the payment.
import { payOnHostedPage } from '../../dev-gateway/driver';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signIn, TestClock, type Session } from '../../testing/accounts';
import { SmsOutboxStore } from '../sms/store';

const OPS = { authorization: 'Ops sawari-dev-ops' };
const DECLINED = TEST_CARDS.declined;
const GOOD = TEST_CARDS.success;

function multipart(file: Buffer, contentType: string) {
  const boundary = '----sawari-notice-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="proof"\r\ncontent-type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`rider SMS about orders ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  const PHONE = '9876571001';
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, PHONE);
  }, 60_000);
  afterAll(() => s?.cleanup());

  const post = (url: string, body: object, who: Session | null = rider, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), ...headers }, payload: body });
  const ticketOrder = async (who: Session = rider) => {
    const r = await post(
      '/api/tickets/v1/orders',
      {
        city: 'mumbai',
        kind: 'singleJourney',
        routeId: 'AE-T1-KHR',
        fromStopId: 'T1-BAY',
        toStopId: 'KHARGHAR',
        passengers: { adult: 1 },
        farePaise: 15000,
        deviceId: 'test-device-1',
        appVer: '1001',
      },
      who,
    );
    expect(r.statusCode).toBe(201);
    return r.json().transactionId as string;
  };
  const payCard = (kind: string, tx: string, number: string, key: string, who: Session = rider) =>
    payThroughGateway(s.app, who, kind, tx, card(number), { key });
  /** Messages the development gateway took for a number, oldest first, once delivery has caught up. */
  const messages = async (phone: string, count: number): Promise<string[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = (await new SmsOutboxStore(s.db).list(phone, 100))
        .map((m) => m.body)
        .reverse()
        .filter((b) => b.startsWith('Sawari:'));
      if (list.length >= count || Date.now() > deadline) return list;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Waits until every notice is sent or has failed (delivery runs every second). */
  const settled = async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const n = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM rider_notices WHERE sent_at IS NULL AND last_error IS NULL')).rows[0].n);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const notices = async (userId: string) =>
    (
      await s.db.query<{ event_key: string; sent_at: string | null; attempts: number; last_error: string | null }>(
        'SELECT event_key, sent_at, attempts, last_error FROM rider_notices WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).rows;

  it('a declined payment and then a paid one: two messages, the failure with its reason, the success with the amount', async () => {
    const tx = await ticketOrder();
    expect((await payCard('ticket', tx, DECLINED, 'notice-decl-1')).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
    expect((await payCard('ticket', tx, GOOD, 'notice-good-1')).json()).toMatchObject({ status: 'SUCCESS' });
    const sms = await messages(PHONE, 2);
    expect(sms).toHaveLength(2);
    // the reason in words, never the gateway's code (issue 35: "did not go through (CARD_DECLINED)")
    expect(sms[0]).toMatch(
      /^Sawari: your payment for .+ did not go through: your bank declined the card\. No ticket or pass was issued; you can pay again in the app\.$/,
    );
    expect(sms[0]).not.toMatch(/CARD_DECLINED|\(|\)/);
    expect(sms[1]).toMatch(/^Sawari: payment of ₹150 received for .+\. It is ready in Your tickets and passes\.$/);
  });

  it('in the rider’s language: a Hindi rider’s declined payment, SMS and Home notice, in Hindi words', async () => {
    const phone = '9876571009';
    const hindi = await signIn(s.app, s.db, phone);
    const lang = await s.app.inject({ method: 'PUT', url: '/api/notices/language', headers: hindi.headers, payload: { language: 'hi' } });
    expect(lang.statusCode).toBeLessThan(300);
    const tx = await ticketOrder(hindi);
    expect((await payCard('ticket', tx, DECLINED, 'notice-decl-hi-1', hindi)).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
    const [sms] = await messages(phone, 1);
    expect(sms).toContain('आपके बैंक ने कार्ड अस्वीकार कर दिया');
    expect(sms).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
    const home = (await s.app.inject({ url: '/api/notices', headers: hindi.headers })).json() as { notices: { kind: string | null; body: string }[] };
    expect(home.notices).toEqual([expect.objectContaining({ kind: 'paymentFailed', body: sms })]);
  });

  it('20 concurrent identical payments: one payment, one message', async () => {
    await settled();
    const before = (await messages(PHONE, 0)).length;
    const tx = await ticketOrder();
    // 20 identical pay requests at once (one key), the gateway's page paid once, and its return posted 20 times at once
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(`/api/payments/ticket/${tx}/pay`, { method: 'card' }, rider, { 'idempotency-key': 'notice-same-key' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().paymentId)).size).toBe(1);
    const { paymentId, checkout } = answers[0].json();
    const back = await payOnHostedPage(checkout, card(GOOD));
    if (back.kind !== 'callback') throw new Error(`the gateway's page ended ${back.kind}`);
    const returns = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.app.inject({
          method: 'POST',
          url: `/api/payments/gateway/razorpay/return/${paymentId}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(back.fields).toString(),
        }),
      ),
    );
    expect(returns.map((r) => r.statusCode)).toEqual(Array(20).fill(303));
    await messages(PHONE, before + 1);
    await settled();
    const sms = await messages(PHONE, 0);
    expect(sms).toHaveLength(before + 1);
    expect(sms.at(-1)).toMatch(/received/);
    expect((await notices(rider.userId)).filter((n) => n.event_key === `issued:${tx}`)).toHaveLength(1);
  });

  it('document verification: approved tells the amount to pay, rejected tells the reason', async () => {
    const upload = async (file: Buffer, type: string) => {
      const m = multipart(file, type);
      return (await s.app.inject({ method: 'POST', url: '/api/passes/proofs', payload: m.payload, headers: { ...rider.headers, ...m.headers } })).json()
        .fileId as string;
    };
    const proofs = async () => [
      { kind: 'PHOTO', fileId: await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), 'image/jpeg') },
      { kind: 'STUDENT_ID', fileId: await upload(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]), 'application/pdf') },
    ];
    const passOrder = async (key: string) => {
      const r = await post('/api/passes/v3/orders', {
        transactionId: `${rider.userId}-${key}`,
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: await proofs(),
        userDetails: { mailId: 'a@b.in', mobileNumber: PHONE, userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: rider.userId },
        passProps: { passStartDate: '2025-08-14', categoryId: 'student', fmId: 'mum-stu-30', configurationId: 'mum-concession', passFare: 400 },
      });
      expect(r.statusCode).toBe(201);
      const tx = r.json().transactionId as string;
      expect((await post(`/api/passes/orders/${tx}/submit-for-verification`, {})).statusCode).toBe(200);
      return tx;
    };
    await settled();
    const before = (await messages(PHONE, 0)).length;
    const approved = await passOrder('approved');
    const rejected = await passOrder('rejected');
    expect((await post(`/api/ops/verifications/${approved}/approve`, {}, null, OPS)).json()).toMatchObject({ status: 'PENDING' });
    expect((await post(`/api/ops/verifications/${rejected}/reject`, { reason: 'The student ID is not readable.' }, null, OPS)).json()).toMatchObject({
      status: 'REJECTED',
    });
    const sms = (await messages(PHONE, before + 2)).slice(before);
    expect(sms).toEqual([
      'Sawari: your documents for the Student and senior-citizen pass were approved. Pay ₹400 in the app to get your pass.',
      'Sawari: your documents for the Student and senior-citizen pass were not approved: The student ID is not readable. Open the app to send them again.',
    ]);
  });

  it('a gateway that refuses the number: the payment still succeeds; the message is kept with its error and retried later', async () => {
    const other = await signIn(s.app, s.db, '9876571002', 'test-device-2');
    await s.db.query('UPDATE users SET phone_number = $2 WHERE id = $1', [other.userId, '9876500000']); // the dev gateway refuses …0000
    const tx = await ticketOrder(other);
    expect((await payCard('ticket', tx, GOOD, 'notice-refused-1', other)).json()).toMatchObject({ status: 'SUCCESS' });
    const deadline = Date.now() + 10_000;
    let rows = await notices(other.userId);
    while (!rows[0]?.last_error && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await notices(other.userId);
    }
    expect(rows).toEqual([{ event_key: `issued:${tx}`, sent_at: null, attempts: 1, last_error: expect.stringMatching(/refuses numbers ending 0000/) }]);
  });
});
