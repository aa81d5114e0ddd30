import { trialOfferClaimSchema, trialOfferSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

const DAY = 86_400_000;

describe(`trial and welcome offers ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let fresh: Session;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    fresh = await signIn(s.app, s.db, '9876570001');
  }, 120_000);
  afterAll(() => s?.cleanup());

  const offer = (who: Session, city: string) => s.app.inject({ url: `/api/offers/trial?city=${city}`, headers: who.headers });
  const claim = (who: Session, city: string) => s.app.inject({ method: 'POST', url: '/api/offers/trial/claim', headers: who.headers, payload: { city } });

  it('shows the city’s offer, grants it once (201), then 409 DIGITAL_OFFER_ALREADY_AVAILED', async () => {
    const r = await offer(fresh, 'mumbai');
    expect(r.statusCode).toBe(200);
    expect(trialOfferSchema.parse(r.json())).toMatchObject({
      offerId: 'mumbai-welcome',
      city: 'mumbai',
      kind: 'welcome',
      validityDays: 7,
      eligible: true,
      reason: null,
      claimed: false,
    });
    const granted = await claim(fresh, 'mumbai');
    expect(granted.statusCode).toBe(201);
    expect(trialOfferClaimSchema.parse(granted.json())).toMatchObject({ offerId: 'mumbai-welcome', claimedAt: clock.t, validUntil: clock.t + 7 * DAY });
    expectError(await claim(fresh, 'mumbai'), 409, 'DIGITAL_OFFER_ALREADY_AVAILED', /already used/);
    expect((await offer(fresh, 'mumbai')).json()).toMatchObject({ eligible: false, claimed: true });
  });

  it('403 DIGITAL_OFFER_NOT_ALLOWED for the welcome offer once the account is older than 30 days; the trial offer is for anyone', async () => {
    clock.advance(31_000);
    await signIn(s.app, s.db, '9876570002'); // the account is made now
    clock.advance(31 * DAY);
    const old = await signIn(s.app, s.db, '9876570002');
    expect((await offer(old, 'mumbai')).json()).toMatchObject({ eligible: false, claimed: false, reason: expect.stringMatching(/new riders/) });
    expectError(await claim(old, 'mumbai'), 403, 'DIGITAL_OFFER_NOT_ALLOWED', /first 30 days/);
    const kochi = await claim(old, 'kochi');
    expect(kochi.statusCode).toBe(201);
    expect(kochi.json()).toMatchObject({ offerId: 'kochi-trial', validityDays: 3 });
  });

  it('404 OFFER_NOT_FOUND for a city without an offer; 400 without a city; 401 without sign-in', async () => {
    const again = await signIn(s.app, s.db, '9876570003');
    expectError(await offer(again, 'pune'), 404, 'OFFER_NOT_FOUND');
    expectError(await claim(again, 'atlantis'), 404, 'OFFER_NOT_FOUND');
    expectError(await s.app.inject({ url: '/api/offers/trial', headers: again.headers }), 400, 'VALIDATION_FAILED', /city/);
    expectError(await s.app.inject({ url: '/api/offers/trial?city=mumbai' }), 401, 'UNAUTHENTICATED');
  });
});
