/** @jest-environment jsdom */
// Component tests of the ticket screen (QR) and the self-validation screen (scan-qr): each screen's states with the API
// and the device's database mocked: loading, a valid ticket (the live code; the bus number typed, confirmed, recorded
// and synced or only saved), the outcome states of shared/domain productStatus (used, expired, not valid yet, cancelled,
// refunded, pending, failed, rejected), a code that cannot be made (Retry), not in the wallet, refused with Retry; read
// by roles, headings and actions; in English and once in Hindi.
import { fireEvent, screen, within } from '@testing-library/react';
import type { WalletItem } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { local } from '../common/local';
import { never, refused, renderAt } from '../../test/render';
import hi from '../../i18n/hi.json';
import ShowTicketScreen from './ShowTicketScreen';
import ScanQrScreen from '../scan-qr/ScanQrScreen';

jest.mock('../common/api');
jest.mock('../common/local', () => ({
  WALLET_CHANGED: 'sawari:wallet-changed',
  local: {
    readAllWallets: jest.fn(),
    saveAllWallets: jest.fn(),
    syncPunches: jest.fn(),
    withQueued: jest.fn(),
    keptTicketCode: jest.fn(),
    ticketCode: jest.fn(),
    recordPunch: jest.fn(),
    playSound: jest.fn(),
  },
}));
// The QR drawing itself is QrCode.test.ts's; here it is an image with its label.
jest.mock('./QrCode', () => ({ QrCode: ({ label }: { label: string }) => <img alt={label} />, qrPath: () => '' }));
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(ticketsApi);
const db = jest.mocked(local);

const NOW = Date.now();
const H = 3_600_000;
const ticket = (over: Record<string, unknown> = {}) =>
  ({
    transactionId: 'TKT-11111111',
    ticketId: 'TKT-11111111',
    productType: 'singleJourneyTicket',
    productSubType: 'singleJourneyTicket',
    city: 'kochi',
    agency: 'KMRL',
    categoryName: null,
    farePaise: 2500,
    startTime: NOW - 60_000,
    expiryTime: NOW + 3 * H,
    activationExpiryTime: NOW + 3 * H,
    bookingTime: NOW - 120_000,
    status: 'ACTIVE',
    punches: [],
    rideCount: 0,
    numOfTrips: 1,
    maxTripsPerDay: null,
    fareInfo: { actualFare: 2500, discountedFare: 2500, payableAmount: 2500, fareBreakup: [] },
    conditions: [],
    routeName: '1A',
    fromStopName: 'Aluva',
    toStopName: 'Edappally',
    passengers: { adult: 1, child: 0, senior: 0 },
    ...over,
  }) as unknown as WalletItem;
const wallet = (items: WalletItem[]) => ({ items, serverTime: NOW }) as never;

beforeEach(() => {
  jest.resetAllMocks();
  db.readAllWallets.mockResolvedValue({ items: [], savedAt: null });
  db.saveAllWallets.mockResolvedValue(undefined);
  db.syncPunches.mockResolvedValue(null);
  db.withQueued.mockImplementation(async (items) => items);
  db.keptTicketCode.mockResolvedValue(null);
  db.ticketCode.mockImplementation(async () => ({ text: 'SWT1.code', slot: 1, nextChangeAt: Date.now() + 10_000 }) as never);
  api.walletAll.mockResolvedValue(wallet([ticket()]));
  api.receipt.mockImplementation(never);
});

describe('ShowTicketScreen (/your-tickets-and-passes/pass-validation/:transactionId)', () => {
  const R = '/your-tickets-and-passes/pass-validation/:transactionId';
  const open = (tx = 'TKT-11111111', lang: 'en' | 'hi' = 'en') => renderAt(`/your-tickets-and-passes/pass-validation/${tx}`, R, <ShowTicketScreen />, { lang });
  it('loading: the heading and a busy list', async () => {
    api.walletAll.mockImplementation(never);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Show your ticket' })).toBeTruthy();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
  });
  it('valid: the live code, validating on the bus, rides and details', async () => {
    open();
    expect(await screen.findByRole('img', { name: 'Ticket QR code. It changes every 10 seconds.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Validate on the bus yourself' }).getAttribute('href')).toBe('/your-tickets-and-passes/scan-qr/TKT-11111111');
    expect(screen.getByRole('link', { name: 'Ride history' })).toBeTruthy();
    expect(screen.queryByTestId('item-headline')).toBeNull();
  });
  it('a code that cannot be made: the problem with Retry, which makes it', async () => {
    db.ticketCode.mockRejectedValueOnce(refused('NETWORK_ERROR', 0));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /Ticket QR code/ })).toBeTruthy();
  });
  it.each([
    ['used', { status: 'USED' }],
    ['expired', { startTime: NOW - 4 * H, expiryTime: NOW - H, activationExpiryTime: NOW - H }],
  ])('%s: says so as a status, no code, the receipt', async (headline, over) => {
    api.walletAll.mockResolvedValue(wallet([ticket(over)]));
    open();
    expect((await screen.findByTestId('item-headline')).getAttribute('data-headline')).toBe(headline);
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ride receipt' })).toBeTruthy();
  });
  it('not valid yet: no code, the way to when it becomes valid', async () => {
    api.walletAll.mockResolvedValue(wallet([ticket({ startTime: NOW + 2 * H })]));
    open();
    expect((await screen.findByRole('link', { name: 'See when it becomes valid' })).getAttribute('href')).toBe(
      '/your-tickets-and-passes/before-activation/TKT-11111111',
    );
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).toBeNull();
  });
  it.each([
    ['CANCELLED', 'cancelled'],
    ['SYSTEM_CANCELLED', 'cancelledByOperator'],
    ['REFUNDED', 'refunded'],
    ['PENDING', 'paymentPending'],
    ['PAYMENT_FAILED', 'failed'],
  ])('%s: the %s headline, no code and no way to validate', async (status, headline) => {
    api.walletAll.mockResolvedValue(wallet([ticket({ status })]));
    open();
    expect((await screen.findByTestId('item-headline')).getAttribute('data-headline')).toBe(headline);
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Validate on the bus yourself' })).toBeNull();
  });
  it('a rejected pass: the way to the rejection', async () => {
    api.walletAll.mockResolvedValue(
      wallet([ticket({ ticketId: null, productType: 'pass', productSubType: 'pass', status: 'REJECTED', passengers: undefined })]),
    );
    open();
    expect((await screen.findByTestId('item-headline')).getAttribute('data-headline')).toBe('rejected');
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toContain('/your-tickets-and-passes/verification-rejection/TKT-11111111');
  });
  it('not in the wallet: says so', async () => {
    open('NOPE');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
  it('refused with nothing saved: the problem with Retry', async () => {
    api.walletAll.mockRejectedValueOnce(refused('NETWORK_ERROR', 0));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /Ticket QR code/ })).toBeTruthy();
  });
  it('in Hindi: the heading and the code’s label', async () => {
    open('TKT-11111111', 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: hi['show.heading'] })).toBeTruthy();
    expect(await screen.findByRole('img', { name: hi['show.qrLabel'] })).toBeTruthy();
  });
});

describe('ScanQrScreen (/your-tickets-and-passes/scan-qr/:transactionId)', () => {
  const R = '/your-tickets-and-passes/scan-qr/:transactionId';
  const open = (tx = 'TKT-11111111', lang: 'en' | 'hi' = 'en') => renderAt(`/your-tickets-and-passes/scan-qr/${tx}`, R, <ScanQrScreen />, { lang });
  const punch = { punchId: 'p1', transactionId: 'TKT-11111111', vehicleNo: 'KL07BC1234', punchingTime: NOW, source: 'MANUAL' };
  const typeBus = async (v: string) => {
    fireEvent.change(await screen.findByLabelText('Bus number'), { target: { value: v } });
    fireEvent.click(screen.getByRole('button', { name: 'Record ride' }));
  };
  it('loading: the heading and a busy list', async () => {
    api.walletAll.mockImplementation(never);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Validate on the bus' })).toBeTruthy();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
  });
  it('valid: the bus number typed is confirmed first, then recorded and sent', async () => {
    db.recordPunch.mockResolvedValue(punch as never);
    db.syncPunches.mockResolvedValue({ accepted: ['p1'], duplicates: [], rejected: [] } as never);
    open();
    await typeBus('KL07BC1234');
    const confirm = await screen.findByTestId('confirm-ride');
    expect(within(confirm).getByRole('heading', { level: 2 }).textContent).toContain('KL07BC1234');
    expect(db.recordPunch).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, record this ride' }));
    expect(await screen.findByText('Saved with Sawari.')).toBeTruthy();
    expect(db.recordPunch).toHaveBeenCalledWith({ transactionId: 'TKT-11111111', vehicleNo: 'KL07BC1234', source: 'MANUAL' });
    expect(screen.getByRole('link', { name: 'Ride history' })).toBeTruthy();
  });
  it('the bus number example is the city’s own (Kochi, Kerala: KL…), never a Mumbai number', async () => {
    open();
    expect(await screen.findByText('As painted on the bus, for example KL01AB1234')).toBeTruthy();
    expect(screen.queryByText(/MH01/)).toBeNull();
  });
  it('offline: the ride is saved on the phone, to be sent later', async () => {
    db.recordPunch.mockResolvedValue(punch as never);
    db.syncPunches.mockResolvedValue(null);
    open();
    await typeBus('KL07BC1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, record this ride' }));
    expect(await screen.findByText('Saved on this phone. It will be sent when you are online.')).toBeTruthy();
  });
  it('a ride the server refuses: says so', async () => {
    db.recordPunch.mockResolvedValue(punch as never);
    db.syncPunches.mockResolvedValue({ accepted: [], duplicates: [], rejected: [{ punchId: 'p1', message: 'Ticket already used' }] } as never);
    open();
    await typeBus('KL07BC1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, record this ride' }));
    expect(await screen.findByText(/The ride was not accepted: Ticket already used/)).toBeTruthy();
  });
  it('a bus number that is not one: the problem, nothing asked', async () => {
    open();
    await typeBus('!!');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the bus number: letters and digits, up to 20.');
    expect(screen.queryByRole('group', { name: /Record a ride/ })).toBeNull();
  });
  it('changing the bus number goes back to the form', async () => {
    open();
    await typeBus('KL07BC1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the bus number' }));
    expect(await screen.findByLabelText('Bus number')).toBeTruthy();
    expect(db.recordPunch).not.toHaveBeenCalled();
  });
  it.each([['USED'], ['CANCELLED'], ['REFUNDED'], ['PENDING'], ['PAYMENT_FAILED']])('%s: cannot be used for a ride, no form', async (status) => {
    api.walletAll.mockResolvedValue(wallet([ticket({ status })]));
    open();
    expect(await screen.findByTestId('status-pill')).toBeTruthy();
    expect(screen.queryByLabelText('Bus number')).toBeNull();
  });
  it('not in the wallet: says so', async () => {
    open('NOPE');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
  it('refused with nothing saved: the problem with Retry', async () => {
    api.walletAll.mockRejectedValueOnce(refused('NETWORK_ERROR', 0));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Bus number')).toBeTruthy();
  });
  it('in Hindi: the heading and the action', async () => {
    open('TKT-11111111', 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: hi['scan.heading'] })).toBeTruthy();
    expect(await screen.findByRole('button', { name: hi['scan.record'] })).toBeTruthy();
  });
});
