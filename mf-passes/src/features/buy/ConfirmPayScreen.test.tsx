/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import type { OrderStatus } from '@sawari/contracts';
import { catalogue, chosenFlow, details, offline, order, product, refused } from '../../test/fixtures';
import { hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { ConfirmPayScreen } from './ConfirmPayScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/confirm-details-and-pay';
const trial = (over: Partial<api.TrialOffer> = {}): api.TrialOffer => ({
  offerId: 'welcome-1',
  kind: 'welcome',
  title: 'Welcome ride',
  description: 'Your first pass is on us.',
  validityDays: 7,
  eligible: true,
  reason: null,
  claimed: false,
  ...over,
});
const status = (s: string) => ({ status: s }) as unknown as OrderStatus;
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(chosenFlow({ details: details() }));
  mocked.loadProduct.mockResolvedValue(product());
  mocked.loadCatalogue.mockResolvedValue(catalogue([product()]));
  mocked.loadTrialOffer.mockRejectedValue(refused(404, 'OFFER_NOT_FOUND'));
  mocked.loadPaymentStatus.mockResolvedValue(status('CREATED'));
});

describe('ConfirmPayScreen: what is bought, the server’s price, Pay', () => {
  it('pricing: the pass and details shown, Pay waits for the server’s price', async () => {
    mocked.createOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const pay = await screen.findByRole('button', { name: 'Getting the price…' });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Your pass' })).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
  });

  it('priced: each breakup line named, Pay the total into the checkout', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const pay = await screen.findByRole('button', { name: 'Pay ₹1,100' });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Pass price₹1,200', 'Discount− ₹100', 'To pay₹1,100']);
    expect(mocked.createOrder.mock.calls[0][0]).toMatchObject({ city: 'mumbai', passProps: { fmId: 'gen-30', configurationId: 'mum-general' } });
    fireEvent.click(pay);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-payment/MBUS/pass/PASS-1');
  });

  it('a payment of this pass under way (pending): continue that payment, never a new one', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    mocked.loadPaymentStatus.mockResolvedValue(status('PAYMENT_PROCESSING'));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect(await screen.findByRole('button', { name: 'Continue the payment of ₹1,100' })).toBeTruthy();
    expect(screen.getByTestId('payment-under-way').textContent).toContain('paying again would charge you twice');
  });

  it('the price refused: the problem with Retry, which prices again', async () => {
    mocked.createOrder.mockRejectedValueOnce(offline()).mockResolvedValueOnce(order({ status: 'CREATED' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,100' })).toBeTruthy();
    expect(mocked.createOrder).toHaveBeenCalledTimes(2);
  });

  it('a start date now past: the reason and the way to change it', async () => {
    mocked.createOrder.mockRejectedValue(refused(422, 'START_DATE_IN_PAST'));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('The start date is already past in India time.');
    expect(screen.getByRole('link', { name: 'Change the start date' })).toBeTruthy();
  });

  it('details missing (a new tab): the way back to them, nothing priced', async () => {
    setFlow(chosenFlow());
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect(await screen.findByText('Some of your details are missing or need a change.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change your details' })).toBeTruthy();
    expect(mocked.createOrder).not.toHaveBeenCalled();
  });

  it('a fare with proofs: documents first, no price', async () => {
    setFlow(chosenFlow({ categoryId: 'student', fmId: 'stu-30', details: details() }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect(await screen.findByText('This pass needs documents first.')).toBeTruthy();
    expect(mocked.createOrder).not.toHaveBeenCalled();
  });

  it('the welcome offer: claimed, the free pass issued without a checkout', async () => {
    mocked.loadTrialOffer.mockResolvedValue(trial());
    mocked.createOrder.mockResolvedValueOnce(order({ status: 'CREATED' })).mockResolvedValueOnce(order({ transactionId: 'PASS-FREE', payableAmount: 0 }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const offer = await screen.findByRole('region', { name: 'Welcome ride' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Get it with the welcome offer' }));
    await screen.findByText('elsewhere');
    expect(mocked.createOrder.mock.calls[1][0]).toMatchObject({ digitalOffer: true });
    expect(location.current).toBe('/productHooks/bus-pass-purchase/booking-successful/PASS-FREE');
  });

  it('the offer used already, or not for this pass: said, no claim', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    mocked.loadTrialOffer.mockResolvedValueOnce(trial({ eligible: false, claimed: true }));
    const { unmount } = renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect(await screen.findByText('You have already used this offer. Each rider can use it once.')).toBeTruthy();
    unmount();
    mocked.loadTrialOffer.mockResolvedValueOnce(trial({ appliesTo: { numOfDays: [7] } }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    expect(await screen.findByText('Welcome ride is only for 7-day passes, not this one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /welcome offer/ })).toBeNull();
  });

  it('an offer for passes none of which is on sale here (a 3-day trial, no 3-day pass sold): no "only for 3-day passes", but where to claim it', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    mocked.loadTrialOffer.mockResolvedValue(trial({ kind: 'trial', title: 'Try a 3-day pass for free', appliesTo: { numOfDays: [3] } }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const offer = await screen.findByRole('region', { name: 'Try a 3-day pass for free' });
    expect(offer.textContent).not.toMatch(/only for 3-day passes/);
    expect(within(offer).getByRole('link', { name: 'Claim it on the Offers page' }).getAttribute('href')).toBe('/promotion');
    expect(within(offer).queryByRole('button')).toBeNull();
  });

  it('the offer not for this account: the rider’s words and the way on, never the server’s reason text', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    mocked.loadTrialOffer.mockResolvedValue(trial({ eligible: false, claimed: false, reason: 'developer text: maxAccountAgeDays exceeded' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const offer = await screen.findByRole('region', { name: 'Welcome ride' });
    expect(offer.textContent).toContain(
      'This offer is not available on your account (it is only for some riders, such as new ones). You can still buy this pass at the price below.',
    );
    expect(offer.textContent).not.toContain('developer text');
    expect(within(offer).queryByRole('button')).toBeNull();
  });

  it('the offer not for this account, in Hindi: never the server’s English reason', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    mocked.loadTrialOffer.mockResolvedValue(trial({ eligible: false, claimed: false, reason: 'Your account is older, so it cannot get this offer.' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />, 'hi');
    const offer = await screen.findByRole('region', { name: 'Welcome ride' });
    expect(offer.textContent).toContain(hiText('pay.offerNotAllowed'));
    expect(offer.textContent).toContain('यह ऑफ़र आपके खाते के लिए उपलब्ध नहीं है');
    expect(offer.textContent).not.toContain('Your account is older');
  });

  // What claiming the offer can be refused with (passes createOrder with digitalOffer, offers applicable()).
  it.each([
    [404, 'OFFER_NOT_FOUND', 'This offer has ended. You can still buy the pass at the price shown.'],
    [409, 'OFFER_NOT_APPLICABLE', 'The offer does not apply to this pass. Buy it at the price shown, or choose a pass the offer is for.'],
    [409, 'DIGITAL_OFFER_ALREADY_AVAILED', 'You have already used this offer. Each rider can use it once.'],
    [403, 'DIGITAL_OFFER_NOT_ALLOWED', 'This offer is not available to you.'],
    [400, 'OFFERS_NOT_COMBINABLE', 'A bank offer and the free offer cannot be used together.'],
    [503, 'OFFER_UNAVAILABLE', 'Please try again in a minute.'],
    [500, 'INTERNAL', 'We could not complete this just now. Please try again.'],
  ])('claiming the offer refused %i %s: the rider’s words, never the API’s text', async (status, code, words) => {
    mocked.loadTrialOffer.mockResolvedValue(trial());
    mocked.createOrder.mockResolvedValueOnce(order({ status: 'CREATED' })).mockRejectedValueOnce(refused(status, code));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    const offer = await screen.findByRole('region', { name: 'Welcome ride' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Get it with the welcome offer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toContain('developer text');
    expect(alert.textContent).not.toContain(code);
  });

  it('a bank offer chosen: priced with it, and the free offer cannot be combined', async () => {
    mocked.loadProduct.mockResolvedValue(product({ bankOffers: [{ bank: 'HDFC', percentOff: 10 }] }));
    mocked.loadTrialOffer.mockResolvedValue(trial());
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />);
    fireEvent.click(await screen.findByRole('radio', { name: /HDFC: 10% off/ }));
    expect(await screen.findByText(/A bank offer and the free offer cannot be used together/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Get it with the welcome offer' }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('button', { name: 'Pay ₹1,100' });
    expect(mocked.createOrder.mock.calls.at(-1)?.[0]).toMatchObject({ bankOffer: 'HDFC' });
  });

  it('Hindi', async () => {
    mocked.createOrder.mockResolvedValue(order({ status: 'CREATED' }));
    renderAt(ROUTE, ROUTE, <ConfirmPayScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('pay.heading'));
    expect(await screen.findByRole('heading', { level: 2, name: hiText('pay.breakup') })).toBeTruthy();
  });
});
