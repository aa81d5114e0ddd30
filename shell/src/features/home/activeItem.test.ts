import type { WalletItem } from '@sawari/contracts';
import { activeItem, codePath, isShowableNow } from './activeItem';

const NOW = Date.parse('2026-11-23T10:00:00+05:30');
const H = 3_600_000;
function item(over: Partial<WalletItem>): WalletItem {
  return {
    transactionId: 'T1',
    ticketId: 't1',
    configurationId: 'c',
    productType: 'singleJourneyTicket',
    productSubType: null,
    city: 'mumbai',
    agency: 'A',
    categoryId: 'adult',
    categoryName: 'Adult × 1',
    fmId: 'f',
    fare: 10,
    discountedFare: 10,
    farePaise: 1000,
    numOfDays: null,
    passStartDate: null,
    startTime: NOW - H,
    expiryTime: NOW + 23 * H,
    activationExpiryTime: NOW + 23 * H,
    bookingTime: NOW - H,
    status: 'UNUSED',
    punches: [],
    rideCount: 0,
    maxTripsPerDay: 1,
    numOfTrips: 1,
    activeDuration: 15,
    fareInfo: { actualFare: 1000, discountedFare: 1000, payableAmount: 1000, fareBreakup: [] },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: [],
    desc: null,
    ...over,
  } as WalletItem;
}
const pass = (over: Partial<WalletItem>) => item({ ticketId: undefined, passId: 'p', productType: 'pass', maxTripsPerDay: -1, ...over });

describe('the item Home shows', () => {
  it('a valid ticket or pass shows; used, expired, failed, verification-pending and not-yet-started ones do not', () => {
    expect(isShowableNow(item({}), NOW)).toBe(true);
    expect(
      isShowableNow(pass({ status: 'SUCCESS', startTime: Date.parse('2026-11-23T00:00:00+05:30'), expiryTime: Date.parse('2026-12-23T00:00:00+05:30') }), NOW),
    ).toBe(true);
    expect(isShowableNow(item({ status: 'USED' }), NOW)).toBe(false);
    expect(isShowableNow(item({ expiryTime: NOW }), NOW)).toBe(false);
    expect(isShowableNow(item({ status: 'PAYMENT_FAILED' }), NOW)).toBe(false);
    expect(isShowableNow(pass({ status: 'UNVERIFIED', startTime: null, expiryTime: null }), NOW)).toBe(false);
    expect(isShowableNow(pass({ status: 'SUCCESS', startTime: Date.parse('2026-11-24T00:00:00+05:30') }), NOW)).toBe(false);
    // a pass whose start instant is later today is valid today (shared/domain passValidityState)
    expect(isShowableNow(pass({ status: 'SUCCESS', startTime: NOW + H }), NOW)).toBe(true);
    // used up for the day: 2 rides of 2, the last over its active duration ago
    expect(isShowableNow(pass({ status: 'SUCCESS', maxTripsPerDay: 2, punches: [{ punchingTime: NOW - 3 * H }, { punchingTime: NOW - 2 * H }] }), NOW)).toBe(
      false,
    );
  });
  it('never a cancelled, replaced or moved seat, even inside its boarding window', () => {
    const seat = (status: string) =>
      item({ transactionId: 'RSV-1', ticketId: 'RSV-1', productSubType: 'premiumReserveTicket', status, startTime: NOW - 10 * 60_000 });
    expect(isShowableNow(seat('ACTIVE'), NOW)).toBe(true);
    for (const s of ['USER_CANCELLED', 'SYSTEM_CANCELLED', 'USER_RESCHEDULED', 'SYSTEM_RESCHEDULED', 'PUNCHED'])
      expect(isShowableNow(seat(s), NOW)).toBe(false);
  });
  it('picks the one that expires first; none when nothing is showable', () => {
    const soon = item({ transactionId: 'T2', expiryTime: NOW + 10 * 60_000 });
    expect(activeItem([pass({ status: 'SUCCESS' }), item({}), soon], NOW)?.transactionId).toBe('T2');
    expect(activeItem([item({ status: 'USED' })], NOW)).toBeNull();
    expect(activeItem([], NOW)).toBeNull();
  });
  it('opens the code: sound-qr where the city validates by sound, else pass-validation', () => {
    expect(codePath(item({ transactionId: 'TKT-1' }), true)).toBe('/your-tickets-and-passes/sound-qr/TKT-1');
    expect(codePath(item({ transactionId: 'a/b' }), false)).toBe('/your-tickets-and-passes/pass-validation/a%2Fb');
  });
});
