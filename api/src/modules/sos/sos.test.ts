import { sosSettingsSchema, supportOfficesResponseSchema } from '@sawari/contracts';
import { SmsSendError, type SmsMessage, type SmsProvider } from '../sms/provider';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { authHeaders, expectError, requestOtp, TestClock, type Session } from '../../testing/accounts';
import { DEFAULT_SOS_MESSAGE } from './service';

/** Records every message; numbers in `failing` are refused like a gateway would. */
class RecordingSms implements SmsProvider {
  sent: SmsMessage[] = [];
  failing = new Set<string>();
  async send(m: SmsMessage): Promise<void> {
    if (this.failing.has(m.to)) throw new SmsSendError('refused');
    this.sent.push(m);
  }
}

describe(`SOS and support offices ${dbLabel()}`, () => {
  const clock = new TestClock(Date.parse('2025-08-14T12:00:00+05:30')); // a Thursday, noon in India
  const sms = new RecordingSms();
  let s: TestServer;
  let a: Session;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, sms });
    // This provider keeps no outbox: read the code from what it recorded.
    await requestOtp(s.app, '9876540001');
    const otp = /\b(\d{6})\b/.exec(sms.sent[0].body)![1];
    const r = (
      await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phoneNumber: '9876540001', countryCode: '+91', otp, deviceId: 'sos-device-1' } })
    ).json();
    a = { ...r, deviceId: 'sos-device-1', headers: authHeaders(r.userId, 'sos-device-1', r.accessToken) };
  }, 30_000);
  afterAll(() => s?.cleanup());
  beforeEach(() => (sms.sent = []));

  const put = (body: object) => s.app.inject({ method: 'PUT', url: '/api/sos', headers: a.headers, payload: body });
  const alert = (body: object = { lat: 19.0896, lon: 72.8656 }) => s.app.inject({ method: 'POST', url: '/api/sos/alert', headers: a.headers, payload: body });

  it('answers the default message and no contacts before anything is saved; 409 SOS_NO_CONTACTS on alert', async () => {
    const r = await s.app.inject({ url: '/api/sos', headers: a.headers });
    expect(r.json()).toEqual({ contacts: [], message: DEFAULT_SOS_MESSAGE });
    expectError(await alert(), 409, 'SOS_NO_CONTACTS');
  });

  it('saves up to 5 contacts and a message; refuses a sixth and bad fields', async () => {
    const contacts = [1, 2, 3, 4, 5].map((i) => ({ name: `Contact ${'ABCDE'[i - 1]}`, phoneNumber: `987655000${i}` }));
    const r = await put({ contacts, message: '  Help me please  ' });
    expect(r.statusCode).toBe(200);
    expect(sosSettingsSchema.parse(r.json())).toEqual({ contacts, message: 'Help me please' });
    expect((await s.app.inject({ url: '/api/sos', headers: a.headers })).json()).toEqual(r.json());
    expectError(await put({ contacts: [...contacts, { name: 'Six', phoneNumber: '9876550006' }], message: 'x' }), 400, 'VALIDATION_FAILED', /at most 5/);
    expectError(await put({ contacts: [{ name: 'Ravi 2', phoneNumber: '9876550001' }], message: 'x' }), 400, 'VALIDATION_FAILED', /contacts\.0\.name/);
    expectError(await put({ contacts: [{ name: 'Ravi', phoneNumber: '12345' }], message: 'x' }), 400, 'VALIDATION_FAILED', /phoneNumber/);
    expectError(await put({ contacts, message: '   ' }), 400, 'VALIDATION_FAILED', /message/);
    // Length, lines and characters (issue 11): the SMS to the contacts carries this text.
    expectError(await put({ contacts, message: 'x'.repeat(301) }), 400, 'VALIDATION_FAILED', /300 characters/);
    expectError(await put({ contacts, message: 'a\nb\nc\nd\ne\nf' }), 400, 'VALIDATION_FAILED', /5 lines/);
    for (const bad of ['help \u202eem pleh', 'help\u001b[2J', 'help \ud800', 'help\tme', 'help \u0085']) {
      expectError(await put({ contacts, message: bad }), 400, 'VALIDATION_FAILED', /letters, numbers, punctuation, emoji and line breaks only/);
    }
    expect((await put({ contacts, message: 'मदद करें 🚨\nBus 42, near Sion' })).statusCode).toBe(200);
    expect((await put({ contacts, message: 'Help me please' })).statusCode).toBe(200);
  });

  it('texts every contact the message and an OpenStreetMap link, then cools down for 5 minutes', async () => {
    const r = await alert();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sentTo: 5, nextAllowedAt: clock.t + 300_000 });
    expect(sms.sent.map((m) => m.to)).toEqual(['9876550001', '9876550002', '9876550003', '9876550004', '9876550005']);
    expect(sms.sent[0].body).toBe(
      'SOS from +91 9876540001: Help me please\nLocation: https://www.openstreetmap.org/?mlat=19.08960&mlon=72.86560#map=17/19.08960/72.86560',
    );
    clock.advance(60_000);
    const again = await alert();
    expectError(again, 429, 'SOS_COOLDOWN', /12:05 pm.*in 4 min/i);
    expect(again.headers['retry-after']).toBe('240');
    clock.advance(240_000);
    expect((await alert({ lat: null, lon: null })).statusCode).toBe(200);
    expect(sms.sent.at(-1)?.body).toMatch(/Location: not available/);
    const recorded = await s.db.query<{ sent_to: number }>('SELECT sent_to FROM sos_alerts WHERE user_id = $1 ORDER BY id', [a.userId]);
    expect(recorded.rows.map((x) => x.sent_to)).toEqual([5, 5]);
  });

  it('502 SMS_SEND_FAILED when no contact could be reached, and no cooldown then', async () => {
    clock.advance(300_000);
    await put({ contacts: [{ name: 'Ravi', phoneNumber: '9876550009' }], message: 'Help' });
    sms.failing.add('9876550009');
    expectError(await alert(), 502, 'SMS_SEND_FAILED');
    sms.failing.clear();
    expect((await alert()).json()).toMatchObject({ sentTo: 1 });
  });

  it('needs sign-in', async () => {
    expectError(await s.app.inject({ url: '/api/sos' }), 401, 'UNAUTHENTICATED');
    expectError(await s.app.inject({ method: 'POST', url: '/api/sos/alert', payload: { lat: 1, lon: 2 } }), 401, 'UNAUTHENTICATED');
  });

  it('support offices: hours, open now and contacts, without sign-in', async () => {
    const r = await s.app.inject({ url: '/api/support/offices' });
    expect(supportOfficesResponseSchema.parse(r.json())).toEqual({
      open: true,
      opens: 8,
      closes: 20,
      isWeekend: false,
      hours: { weekday: { opens: 8, closes: 20 }, weekend: { opens: 10, closes: 18 } },
      timeZone: 'Asia/Kolkata',
      phone: expect.any(String),
      email: expect.stringContaining('@'),
    });
    clock.t = Date.parse('2025-08-16T09:30:00+05:30'); // Saturday, before 10
    expect((await s.app.inject({ url: '/api/support/offices' })).json()).toMatchObject({ open: false, opens: 10, closes: 18, isWeekend: true });
  });
});
