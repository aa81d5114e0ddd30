/** @jest-environment jsdom */
// Component tests of the screens about the rider's items: the wallet, an item's summary, before-activation, the
// verification rejection, the single-journey ticket, its rides, its receipt and the booking outcome. Each screen's
// states with the API and the device's database mocked (loading, loaded, empty, refused with Retry, not in the wallet,
// offline), and the outcome states of shared/domain productStatus (used, expired, cancelled, cancelled by the operator,
// replaced, moved, refunded, payment pending, failed, rejected), read by roles, headings, actions and the status
// model's marks, not copy; in English and once in Hindi.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RideReceipt, TicketOrder, WalletItem } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { local } from '../common/local';
import { location, never, refused, renderAt } from '../../test/render';
import hi from '../../i18n/hi.json';
import WalletScreen from './WalletScreen';
import SummaryScreen from '../summary/SummaryScreen';
import BeforeActivationScreen from '../before-activation/BeforeActivationScreen';
import RejectionScreen from '../verification-rejection/RejectionScreen';
import SingleJourneyTicketScreen from '../single-journey-ticket/SingleJourneyTicketScreen';
import RideHistoryScreen from '../ride-history/RideHistoryScreen';
import ReceiptScreen from '../ride-receipt/ReceiptScreen';
import BookingSuccessScreen from '../buy/BookingSuccessScreen';

jest.mock('../common/api');
jest.mock('../common/local', () => ({
  WALLET_CHANGED: 'sawari:wallet-changed',
  local: {
    readAllWallets: jest.fn(),
    saveAllWallets: jest.fn(),
    syncPunches: jest.fn(),
    withQueued: jest.fn(),
    pendingPunches: jest.fn(),
    readReceipt: jest.fn(),
    saveReceipt: jest.fn(),
  },
}));
jest.mock('./offline', () => ({ useOfflineWarmUp: () => undefined }));
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), useCityConfig: () => ({ cityId: 'kochi', setCity: jest.fn() }) }));
const api = jest.mocked(ticketsApi);
const db = jest.mocked(local);

const NOW = Date.now();
const H = 3_600_000;
const ticket = (over: Partial<WalletItem> = {}): WalletItem =>
  ({
    transactionId: 'TKT-11111111',
    ticketId: 'TKT-11111111',
    configurationId: 'single',
    productType: 'singleJourneyTicket',
    productSubType: 'singleJourneyTicket',
    city: 'kochi',
    agency: 'KMRL',
    categoryId: null,
    categoryName: null,
    fmId: null,
    fare: 25,
    discountedFare: 25,
    farePaise: 2500,
    numOfDays: null,
    passStartDate: null,
    startTime: NOW - 60_000,
    expiryTime: NOW + 3 * H,
    activationExpiryTime: NOW + 3 * H,
    bookingTime: NOW - 120_000,
    status: 'ACTIVE',
    punches: [],
    rideCount: 0,
    maxTripsPerDay: null,
    numOfTrips: 1,
    activeDuration: null,
    fareInfo: { actualFare: 2500, discountedFare: 2500, payableAmount: 2500, fareBreakup: [{ name: 'Adult', value: 2500 }] },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: [],
    desc: null,
    routeName: '1A',
    fromStopName: 'Aluva',
    toStopName: 'Edappally',
    passengers: { adult: 1, child: 0, senior: 0 },
    ...over,
  }) as unknown as WalletItem;
const pass = (over: Partial<WalletItem> = {}) =>
  ticket({
    transactionId: 'PASS-22222222',
    ticketId: null,
    productType: 'pass',
    productSubType: 'pass',
    categoryName: 'Student',
    passengers: undefined,
    ...over,
  } as Partial<WalletItem>);
const wallet = (items: WalletItem[]) => ({ items, serverTime: NOW }) as never;

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  db.readAllWallets.mockResolvedValue({ items: [], savedAt: null });
  db.saveAllWallets.mockResolvedValue(undefined);
  db.syncPunches.mockResolvedValue(null);
  db.withQueued.mockImplementation(async (items) => items);
  db.pendingPunches.mockResolvedValue([]);
  db.readReceipt.mockResolvedValue(null);
  db.saveReceipt.mockResolvedValue(undefined);
  api.walletAll.mockResolvedValue(wallet([ticket()]));
});

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const loading = () => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);

describe('WalletScreen (/your-tickets-and-passes)', () => {
  const W = '/your-tickets-and-passes';
  it('loading: the tabs and a busy list', async () => {
    api.walletAll.mockImplementation(never);
    renderAt(W, W, <WalletScreen />);
    expect(await screen.findByRole('tab', { name: 'Active' })).toBeTruthy();
    loading();
  });
  it('loaded: active items in Active, used, cancelled, refunded and failed ones under Expired with their pills', async () => {
    api.walletAll.mockResolvedValue(
      wallet([
        ticket(),
        ticket({ transactionId: 'T-USED', status: 'USED' }),
        ticket({ transactionId: 'T-CANC', status: 'CANCELLED' }),
        ticket({ transactionId: 'T-REF', status: 'REFUNDED' }),
        ticket({ transactionId: 'T-FAIL', status: 'PAYMENT_FAILED' }),
      ]),
    );
    renderAt(W, W, <WalletScreen />);
    expect(await screen.findByRole('tab', { name: 'Active (1)', selected: true })).toBeTruthy();
    const active = within(screen.getByRole('tabpanel')).getAllByRole('link');
    expect(active).toHaveLength(1);
    expect(within(active[0]).getByTestId('status-pill').getAttribute('data-tone')).toBe('ok');
    fireEvent.click(screen.getByRole('tab', { name: 'Expired (4)' }));
    expect(location.current).toBe(`${W}?tab=expired`);
    const pills = within(screen.getByRole('tabpanel')).getAllByTestId('status-pill');
    expect(pills.map((p) => p.getAttribute('data-tone'))).not.toContain('ok');
    expect(screen.queryByTestId('expires-in')).toBeNull();
  });
  it('a pending payment stays under Active as pending, never valid', async () => {
    api.walletAll.mockResolvedValue(wallet([ticket({ status: 'PENDING' })]));
    renderAt(W, W, <WalletScreen />);
    const pill = await screen.findByTestId('status-pill');
    expect(pill.getAttribute('data-tone')).toBe('warn');
    expect(screen.queryByTestId('expires-in')).toBeNull();
  });
  it('empty: says so with the ways to buy', async () => {
    api.walletAll.mockResolvedValue(wallet([]));
    renderAt(W, W, <WalletScreen />);
    expect(await screen.findByText('You have no active tickets or passes.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Buy a bus ticket' })[0].getAttribute('href')).toBe('/buy-bus-ticket');
  });
  it('refused with nothing saved: the problem with Retry, which loads the wallet', async () => {
    api.walletAll.mockRejectedValueOnce(refused('NETWORK_ERROR', 0));
    renderAt(W, W, <WalletScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Active (1)' })).toBeTruthy();
  });
  it('offline with a saved copy: the items and a note that they are saved on the phone', async () => {
    db.readAllWallets.mockResolvedValue({ items: [ticket()], savedAt: NOW - H });
    api.walletAll.mockRejectedValue(refused('NETWORK_ERROR', 0));
    renderAt(W, W, <WalletScreen />);
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')).toHaveLength(1);
  });
  it('journey tickets right after payment: valid at once (not "starts from"), leg 1 above leg 2, whatever order they came in', async () => {
    // issued by the server a moment after this device's clock reads (its estimate of the server's time lags a little)
    const issued = NOW + 800;
    const leg = (transactionId: string, n: number) =>
      ticket({
        transactionId,
        ticketId: transactionId,
        status: 'UNUSED',
        startTime: issued,
        bookingTime: issued,
        expiryTime: issued + 24 * H,
        activationExpiryTime: issued + 24 * H,
        journey: { orderId: 'JNY-1', leg: n, legs: 2 },
      } as Partial<WalletItem>);
    api.walletAll.mockResolvedValue(wallet([leg('TKT-aaaa', 2), leg('TKT-bbbb', 1)]));
    renderAt(W, W, <WalletScreen />);
    expect(await screen.findByRole('tab', { name: 'Active (2)', selected: true })).toBeTruthy();
    const cards = within(screen.getByRole('tabpanel')).getAllByRole('link');
    expect(cards.map((c) => c.textContent?.match(/Journey ticket \d of 2/)?.[0])).toEqual(['Journey ticket 1 of 2', 'Journey ticket 2 of 2']);
    for (const c of cards) {
      expect(c.textContent).not.toMatch(/starts from/);
      expect(within(c).getByTestId('status-pill').getAttribute('data-tone')).toBe('ok');
      expect(c.getAttribute('href')).not.toMatch(/before-activation/);
    }
  });
  it('a reserved seat’s row in Hindi: its passengers in Hindi like every other row ("वयस्क × 1", never "Adult × 1")', async () => {
    const seat = ticket({
      transactionId: 'RSV-44444444',
      ticketId: 'RSV-44444444',
      productSubType: 'premiumReserveTicket',
      routeName: 'GE1',
      categoryName: 'Adult × 1',
      passengers: { adult: 1, child: 0, senior: 0 },
    } as Partial<WalletItem>);
    api.walletAll.mockResolvedValue(wallet([seat]));
    renderAt(W, W, <WalletScreen />, { lang: 'hi' });
    const card = (await within(await screen.findByRole('tabpanel')).findAllByRole('link'))[0];
    expect(card.textContent).toContain(`GE1 · ${hi['passenger.adult']} × 1`);
    expect(card.textContent).not.toContain('Adult');
  });
  it('in Hindi: the heading and the tabs', async () => {
    renderAt(W, W, <WalletScreen />, { lang: 'hi' });
    expect(await h1(hi['wallet.heading'])).toBeTruthy();
    expect(await screen.findByRole('tab', { name: `${hi['wallet.tab.active']} (1)` })).toBeTruthy();
  });
});

describe('SummaryScreen (/your-tickets-and-passes/summary/:transactionId)', () => {
  const R = '/your-tickets-and-passes/summary/:transactionId';
  const open = (tx = 'TKT-11111111') => renderAt(`/your-tickets-and-passes/summary/${tx}`, R, <SummaryScreen />);
  it('loading: the heading and a busy list', async () => {
    api.walletAll.mockImplementation(never);
    open();
    expect(await h1('Ticket details')).toBeTruthy();
    loading();
  });
  it('a valid ticket: no outcome headline, the code to show, its fare paid, rides and receipt', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Show ticket' })).toBeTruthy();
    expect(screen.queryByTestId('item-headline')).toBeNull();
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).toBe('ok');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ride history' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ride receipt' })).toBeTruthy();
  });
  it.each([
    ['USED', 'USED', {}, 'used'],
    ['ACTIVE past its end', 'ACTIVE', { startTime: NOW - 4 * H, expiryTime: NOW - H, activationExpiryTime: NOW - H }, 'expired'],
    ['CANCELLED', 'CANCELLED', {}, 'cancelled'],
    ['SYSTEM_CANCELLED', 'SYSTEM_CANCELLED', {}, 'cancelledByOperator'],
    ['USER_RESCHEDULED', 'USER_RESCHEDULED', {}, 'replaced'],
    ['SYSTEM_RESCHEDULED', 'SYSTEM_RESCHEDULED', {}, 'moved'],
    ['REFUNDED', 'REFUNDED', {}, 'refunded'],
    ['PENDING', 'PENDING', {}, 'paymentPending'],
    ['PAYMENT_FAILED', 'PAYMENT_FAILED', {}, 'failed'],
  ])('%s: the %s headline, nothing counting down, no code to show', async (_label, status, over, headline) => {
    api.walletAll.mockResolvedValue(wallet([ticket({ status, ...over })]));
    open();
    expect((await screen.findByTestId('item-headline')).getAttribute('data-headline')).toBe(headline);
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).not.toBe('ok');
    expect(screen.queryByTestId('expires-in')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show ticket' })).toBeNull();
  });
  it('a cancelled seat: what happened and its refund, no period (valid from / until) and its fare paid, never "To pay"', async () => {
    const seat = ticket({
      transactionId: 'RSV-33333333',
      ticketId: 'RSV-33333333',
      productSubType: 'premiumReserveTicket',
      status: 'SYSTEM_CANCELLED',
      startTime: NOW + 2 * H,
      expiryTime: NOW + 5 * H,
      farePaise: 15000,
      fareInfo: { actualFare: 15000, discountedFare: 15000, payableAmount: 15000, fareBreakup: [{ name: 'Adult', value: 15000 }] },
    } as Partial<WalletItem>);
    api.walletAll.mockResolvedValue(wallet([seat]));
    open('RSV-33333333');
    expect((await screen.findByTestId('item-headline')).getAttribute('data-headline')).toBe('cancelledByOperator');
    expect(screen.queryByText('Valid from')).toBeNull();
    expect(screen.queryByText('Valid until')).toBeNull();
    expect(screen.queryByText(/To pay/)).toBeNull();
    expect(screen.getAllByText(/Paid/).length).toBeGreaterThan(0);
  });
  it('a valid ticket keeps its period', async () => {
    open();
    expect(await screen.findByText('Valid from')).toBeTruthy();
    expect(screen.getByText('Valid until')).toBeTruthy();
  });
  it('not in the wallet: says so with the way to the wallet', async () => {
    open('NOPE');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Your tickets and passes/ }).length).toBeGreaterThan(0);
  });
  it('refused with nothing saved: the problem with Retry', async () => {
    api.walletAll.mockRejectedValueOnce(refused('NETWORK_ERROR', 0));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Show ticket' })).toBeTruthy();
  });
  it.each([
    [
      'a reserved seat',
      'RSV-44444444',
      'premiumReserveTicket',
      [
        { name: 'Seat fare', value: 75000 },
        { name: 'Child concession', value: -12500 },
      ],
      ['fareLine.seat', 'fareLine.concession.child'],
    ],
    [
      'a ticket',
      'TKT-44444444',
      'singleJourneyTicket',
      [
        { name: 'Ticket fare', value: 6000 },
        { name: 'Senior citizen concession', value: -500 },
      ],
      ['fareLine.ticket', 'fareLine.concession.senior'],
    ],
    [
      'a pass',
      'PASS-44444444',
      'pass',
      [
        { name: 'Pass price', value: 110000 },
        { name: 'Discount', value: -10000 },
        { name: 'Bank offer (HDFC)', value: -5000 },
      ],
      ['fareLine.passPrice', 'fareLine.discount', 'fareLine.bank'],
    ],
  ])('%s in Hindi: every fare line in Hindi, none in English', async (_what, tx, productSubType, lines, ids) => {
    const item = ticket({
      transactionId: tx,
      ticketId: tx,
      productSubType,
      fareInfo: { actualFare: 0, discountedFare: 0, payableAmount: lines.reduce((n, l) => n + l.value, 0), fareBreakup: lines },
    } as Partial<WalletItem>);
    api.walletAll.mockResolvedValue(wallet([item]));
    renderAt(`/your-tickets-and-passes/summary/${tx}`, R, <SummaryScreen />, { lang: 'hi' });
    const table = await screen.findByRole('table');
    const heads = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(heads.slice(0, -1)).toEqual(ids.map((id) => (hi as Record<string, string>)[id].replace('{bank}', 'HDFC')));
    for (const l of lines) expect(within(table).queryByText(l.name)).toBeNull();
  });
  it('in Hindi: the heading and the action', async () => {
    renderAt('/your-tickets-and-passes/summary/TKT-11111111', R, <SummaryScreen />, { lang: 'hi' });
    expect(await h1(hi['summary.heading'])).toBeTruthy();
    expect(await screen.findByRole('link', { name: hi['summary.show'] })).toBeTruthy();
  });
});

describe('BeforeActivationScreen (/your-tickets-and-passes/before-activation/:transactionId)', () => {
  const R = '/your-tickets-and-passes/before-activation/:transactionId';
  const open = () => renderAt('/your-tickets-and-passes/before-activation/TKT-11111111', R, <BeforeActivationScreen />);
  it('a ticket not valid yet: how long until it is', async () => {
    api.walletAll.mockResolvedValue(wallet([ticket({ startTime: NOW + 2 * H })]));
    open();
    expect(await screen.findByTestId('valid-in')).toBeTruthy();
    expect(screen.getByTestId('item-headline').getAttribute('data-headline')).toBe('notYetValid');
  });
  it('valid now: says so with the way to the code, under a heading that says so too (never "Not valid yet")', async () => {
    open();
    expect((await screen.findByRole('link', { name: 'Show ticket' })).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByTestId('valid-in')).toBeNull();
    expect(await h1('Ready to ride')).toBeTruthy();
  });
  it('a ticket not valid yet is headed so; while it loads the heading says nothing about its state', async () => {
    api.walletAll.mockImplementation(never);
    const { unmount } = open();
    expect((await h1('Ticket details')).textContent).toBe('Ticket details');
    expect(screen.queryByText('Not valid yet')).toBeNull();
    unmount();
    api.walletAll.mockResolvedValue(wallet([ticket({ startTime: NOW + 2 * H })]));
    open();
    expect(await h1('Not valid yet')).toBeTruthy();
  });
  it('a cancelled ticket is never "not valid yet": it opens where its status is told, without ever heading "Not valid yet"', async () => {
    api.walletAll.mockResolvedValue(wallet([ticket({ startTime: NOW + 2 * H, status: 'CANCELLED' })]));
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Not valid yet');
    await waitFor(() => expect(location.current).toBe('/your-tickets-and-passes/summary/TKT-11111111'));
  });
  it('not in the wallet: says so', async () => {
    api.walletAll.mockResolvedValue(wallet([]));
    open();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('RejectionScreen (/your-tickets-and-passes/verification-rejection/:transactionId)', () => {
  const R = '/your-tickets-and-passes/verification-rejection/:transactionId';
  const open = () => renderAt('/your-tickets-and-passes/verification-rejection/PASS-22222222', R, <RejectionScreen />);
  it('a rejected pass: the reason and the way to upload again', async () => {
    api.walletAll.mockResolvedValue(wallet([pass({ status: 'REJECTED', rejectionReason: 'Photo unclear' } as Partial<WalletItem>)]));
    open();
    expect(await screen.findByText('Photo unclear')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload documents again' }).getAttribute('href')).toBe(
      '/app/productHooks/bus-pass-purchase/resubmit-for-verification/PASS-22222222',
    );
  });
  it('a pass that is not rejected: says so with the way to its details', async () => {
    api.walletAll.mockResolvedValue(wallet([pass()]));
    open();
    expect((await screen.findByRole('link', { name: 'Ticket details' })).getAttribute('href')).toBe('/your-tickets-and-passes/summary/PASS-22222222');
    expect(screen.queryByRole('link', { name: 'Upload documents again' })).toBeNull();
  });
  it('refused: the problem with Retry', async () => {
    api.walletAll.mockRejectedValue(refused('NETWORK_ERROR', 0));
    open();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('SingleJourneyTicketScreen (/select-trip/single-journey-ticket)', () => {
  const R = '/select-trip/single-journey-ticket';
  it('no ticket bought in this visit: says so with the way to buy one', async () => {
    renderAt(R, R, <SingleJourneyTicketScreen />);
    expect((await screen.findByRole('link', { name: 'Single-journey ticket' })).getAttribute('href')).toBe('/select-trip/select-route');
    expect(api.walletAll).not.toHaveBeenCalled();
  });
  it('an instant ticket named in the link: headed as the instant ticket it is', async () => {
    api.walletAll.mockResolvedValue(wallet([ticket({ productSubType: 'instantTicket' } as Partial<WalletItem>)]));
    renderAt('/select-trip/single-journey-ticket?transactionId=TKT-11111111', '/select-trip/single-journey-ticket', <SingleJourneyTicketScreen />);
    expect(await h1('Your instant ticket')).toBeTruthy();
  });
  it('the ticket just bought (from the flow) or named in the link: its summary', async () => {
    const { unmount } = renderAt(R, R, <SingleJourneyTicketScreen />, { flow: { lastTransactionId: 'TKT-11111111' } });
    expect(await screen.findByRole('link', { name: 'Show ticket' })).toBeTruthy();
    unmount();
    renderAt(`${R}?transactionId=NOPE`, R, <SingleJourneyTicketScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

const receipt = (over: Partial<RideReceipt> = {}): RideReceipt =>
  ({
    transactionId: 'TKT-11111111',
    kind: 'ticket',
    title: 'Aluva → Edappally',
    status: 'USED',
    details: { adults: 1 },
    farePaise: 2500,
    bookingTime: NOW - H,
    validFrom: NOW - H,
    validUntil: NOW + H,
    rideCount: 1,
    tripsLeftToday: null,
    lastRide: { punchId: 'p1', punchingTime: NOW - 600_000, vehicleNo: 'KL-07-1234', stopId: null, source: 'QR' },
    rides: [{ punchId: 'p1', punchingTime: NOW - 600_000, vehicleNo: 'KL-07-1234', stopId: null, source: 'QR' }],
    ...over,
  }) as unknown as RideReceipt;

describe('RideHistoryScreen (/your-tickets-and-passes/ride-history/:transactionId)', () => {
  const R = '/your-tickets-and-passes/ride-history/:transactionId';
  const open = () => renderAt('/your-tickets-and-passes/ride-history/TKT-11111111', R, <RideHistoryScreen />);
  it('loading, then the rides newest first with those waiting to be sent', async () => {
    api.receipt.mockResolvedValue(receipt());
    db.pendingPunches.mockResolvedValue([
      { punchId: 'p2', transactionId: 'TKT-11111111', punchingTime: NOW - 60_000, vehicleNo: 'KL-07-9', source: 'MANUAL' },
    ] as never);
    open();
    loading();
    const list = await screen.findByRole('list', { name: 'Ride history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
  it('empty: no rides yet', async () => {
    api.receipt.mockResolvedValue(receipt({ rides: [], rideCount: 0, lastRide: null }));
    open();
    expect(await screen.findByText('No rides yet.')).toBeTruthy();
  });
  it('refused with nothing saved: the problem with Retry', async () => {
    api.receipt.mockRejectedValueOnce(refused('NETWORK_ERROR', 0)).mockResolvedValue(receipt());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Ride history' })).toBeTruthy();
  });
  it('offline with a saved copy: the rides and a note', async () => {
    db.readReceipt.mockResolvedValue({ receipt: receipt(), savedAt: NOW - H });
    api.receipt.mockRejectedValue(refused('NETWORK_ERROR', 0));
    open();
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Ride history' })).toBeTruthy();
  });
});

describe('ReceiptScreen (/your-tickets-and-passes/ride-receipt/:transactionId)', () => {
  const R = '/your-tickets-and-passes/ride-receipt/:transactionId';
  const open = () => renderAt('/your-tickets-and-passes/ride-receipt/TKT-11111111', R, <ReceiptScreen />);
  it('loading, then the receipt: its title, status and rides', async () => {
    api.receipt.mockResolvedValue(receipt());
    open();
    loading();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aluva → Edappally' })).toBeTruthy();
    expect(screen.getByText('Used')).toBeTruthy();
  });
  it('refused with nothing saved: the problem with Retry', async () => {
    api.receipt.mockRejectedValueOnce(refused('NETWORK_ERROR', 0)).mockResolvedValue(receipt());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2 })).toBeTruthy();
  });
  it('an unknown receipt: the problem, not a list loading for ever', async () => {
    api.receipt.mockRejectedValue(refused('NOT_FOUND', 404));
    open();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('BookingSuccessScreen (/select-trip/booking-success/:transactionId)', () => {
  const R = '/select-trip/booking-success/:transactionId';
  const open = () => renderAt('/select-trip/booking-success/TKT-11111111', R, <BookingSuccessScreen />);
  const order = (over: Partial<TicketOrder> = {}) =>
    ({
      transactionId: 'TKT-11111111',
      city: 'kochi',
      status: 'SUCCESS',
      ticketId: 'TKT-11111111',
      payableAmount: 2500,
      fare: { passengerDetails: [{ name: 'Adult', payableAmount: 2500 }] },
      ...over,
    }) as unknown as TicketOrder;
  it('issued: says so, the fare paid and the way to the ticket', async () => {
    api.order.mockResolvedValue(order());
    open();
    expect((await screen.findByRole('link', { name: 'Show ticket' })).getAttribute('href')).toBe('/your-tickets-and-passes/pass-validation/TKT-11111111');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(await screen.findByText('It is saved on this phone and works offline.')).toBeTruthy();
  });
  it.each([
    ['instant', 'Your instant ticket'],
    ['multiRoute', 'Your ticket with connecting routes'],
    ['singleJourney', 'Your single-journey ticket'],
  ])('a %s ticket issued: its link names what was bought, never "single-journey" for another kind', async (kind, name) => {
    api.order.mockResolvedValue(order({ kind } as Partial<TicketOrder>));
    open();
    expect(await screen.findByRole('link', { name })).toBeTruthy();
    if (kind !== 'singleJourney') expect(screen.queryByText(/single-journey/i)).toBeNull();
  });
  it('still being paid: a busy status, no ticket yet', async () => {
    api.order.mockResolvedValue(order({ status: 'PENDING', ticketId: null } as Partial<TicketOrder>));
    open();
    expect((await screen.findByText('Confirming your payment…')).closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show ticket' })).toBeNull();
  });
  it('payment failed: the problem and a way to pay again', async () => {
    api.order.mockResolvedValue(order({ status: 'PAYMENT_FAILED', ticketId: null } as Partial<TicketOrder>));
    open();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy a bus ticket' })).toBeTruthy();
  });
  it('an order that does not exist: the problem with Retry', async () => {
    api.order.mockRejectedValue(refused('ORDER_NOT_FOUND', 404));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('There is no such ticket order.');
  });
});
