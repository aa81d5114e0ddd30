/** @jest-environment jsdom */
// /promotion against a mocked network: no city chosen, loading, the city's offer claimed (valid till a fixed date, a
// link to the pass), an offer already used or not allowed (said before any Claim), a claim refused, no offer in the
// city, an offer that cannot be read with Try again, signed out, and Hindi.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TrialOffer, TrialOfferClaim } from '@sawari/contracts';
import { api, ApiRequestError, citiesStateAtom, cityAtom, sawariStore, setDeployedRemotes } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import { formatDate } from '../common/format';
import PromotionScreen from './PromotionScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

const text = (en: string) => ({ en, hi: en, mr: en, ml: en, ta: en, kn: en });
const offer = (over: Partial<TrialOffer> = {}): TrialOffer => ({
  offerId: 'o1',
  city: 'kochi',
  kind: 'trial',
  title: 'First week free',
  description: 'A 7-day pass on us.',
  validityDays: 7,
  appliesTo: {},
  eligible: true,
  reason: null,
  claimed: false,
  ...over,
});
// Valid till 30 November 2026, noon in India (a fixed instant).
const VALID_UNTIL = Date.parse('2026-11-30T12:00:00+05:30');
const claim: TrialOfferClaim = {
  ...offer(),
  claimedAt: Date.parse('2026-11-23T12:00:00+05:30'),
  validUntil: VALID_UNTIL,
  transactionId: 'TX9',
  passId: 'P9',
} as unknown as TrialOfferClaim;

const claimButton = () => screen.queryByRole('button', { name: t('promotion.claim') });

beforeAll(() =>
  setDeployedRemotes([
    {
      name: 'mf_passes',
      dir: 'mf_passes',
      version: '1',
      entry: '',
      prefixes: [],
      checkout: { pass: { returnPath: '/productHooks/bus-pass-purchase/booking-successful/:orderId', heading: text('Pay'), product: text('bus pass') } },
    },
  ]),
);

beforeEach(() => {
  jest.resetAllMocks();
  history.replaceState(null, '', '/app/promotion');
  act(() => {
    // The cities as already loaded (the screen names the city; nothing left to fetch after a test ends).
    sawariStore.set(citiesStateAtom, { status: 'ready', data: { cities: [{ id: 'kochi', name: 'Kochi' }], clusters: [] } as never, error: null });
    sawariStore.set(cityAtom, 'kochi');
  });
  signIn();
});

describe('PromotionScreen', () => {
  it('no city chosen: asks for one, without asking the server', () => {
    act(() => sawariStore.set(cityAtom, null));
    draw(<PromotionScreen />);
    expect(screen.getByText(t('promotion.noCity'), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('home.chooseCity') }).getAttribute('href')).toBe('/app/change-city');
    expect(mocked.get).not.toHaveBeenCalledWith('/offers/trial', expect.anything());
  });
  it('loading: a skeleton until the offer arrives', () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<PromotionScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(mocked.get).toHaveBeenCalledWith('/offers/trial', { params: { city: 'kochi' } });
  });
  it("loaded: the city's offer; Claim issues it, says till when, and links to the pass", async () => {
    mocked.get.mockResolvedValue(offer());
    mocked.post.mockResolvedValue(claim);
    draw(<PromotionScreen />);
    expect(await screen.findByRole('heading', { name: 'First week free' })).toBeTruthy();
    expect(screen.getByText(t('promotion.kind.trial'))).toBeTruthy();
    fireEvent.click(claimButton()!);
    expect(await screen.findByText(t('promotion.claimed', { date: formatDate(VALID_UNTIL, 'en') }))).toBeTruthy();
    expect(formatDate(VALID_UNTIL, 'en')).toContain('30');
    expect(mocked.post).toHaveBeenCalledWith('/offers/trial/claim', { city: 'kochi' });
    expect(screen.getByRole('link', { name: t('promotion.seePass') }).getAttribute('href')).toBe('/app/productHooks/bus-pass-purchase/booking-successful/TX9');
    expect(claimButton()).toBeNull();
  });
  it('an offer already used: said at once, with no Claim', async () => {
    mocked.get.mockResolvedValue(offer({ claimed: true }));
    draw(<PromotionScreen />);
    await screen.findByRole('heading', { name: 'First week free' });
    expect(screen.getByText(t('promotion.error.alreadyAvailed'))).toBeTruthy();
    expect(claimButton()).toBeNull();
  });
  it('an offer this account may not use: said at once, with no Claim', async () => {
    mocked.get.mockResolvedValue(offer({ eligible: false, reason: 'Only for new riders' }));
    draw(<PromotionScreen />);
    await screen.findByRole('heading', { name: 'First week free' });
    expect(screen.getByText(t('promotion.error.notAllowed'))).toBeTruthy();
    expect(claimButton()).toBeNull();
  });
  it('a claim refused (the pass is not on sale): said, nothing issued', async () => {
    mocked.get.mockResolvedValue(offer());
    mocked.post.mockRejectedValue(new ApiRequestError(409, 'OFFER_NOT_APPLICABLE', 'no pass'));
    draw(<PromotionScreen />);
    fireEvent.click(await screen.findByRole('button', { name: t('promotion.claim') }));
    expect(await screen.findByText(t('promotion.error.noPass'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('promotion.seePass') })).toBeNull();
  });
  it('no offer in the city (404): says so, naming the city', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'OFFER_NOT_FOUND', 'none'));
    draw(<PromotionScreen />);
    expect(await screen.findByRole('heading', { name: t('promotion.empty.heading') })).toBeTruthy();
    expect(screen.getByText(t('promotion.empty.body', { city: 'Kochi' }))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('error: offline said as offline, and Try again loads the offer', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce(offer());
    draw(<PromotionScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByRole('heading', { name: 'First week free' })).toBeTruthy();
  });
  it('signed out: sent to sign in, coming back to the offers', async () => {
    signOut();
    draw(<PromotionScreen />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/promotion')}`));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('Hindi: the offer and its claim button in Hindi', async () => {
    mocked.get.mockResolvedValue(offer({ kind: 'welcome' }));
    draw(<PromotionScreen />, 'hi');
    expect(await screen.findByRole('button', { name: t('promotion.claim', {}, 'hi') })).toBeTruthy();
    expect(screen.getByText(t('promotion.kind.welcome', {}, 'hi'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('promotion.heading', {}, 'hi'));
  });
});
