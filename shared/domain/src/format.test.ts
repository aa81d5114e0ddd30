import { formatPaise, formatNumberIN, maskCardNumber } from './format';
import { snackbarFor, SNACKBAR_MS, OFFLINE_MESSAGE } from './snackbar';

describe('Indian formats', () => {
  it('shows rupees from paise with en-IN grouping', () => {
    expect(formatPaise(0)).toBe('₹0');
    expect(formatPaise(125_000)).toBe('₹1,250');
    expect(formatPaise(125_050)).toBe('₹1,250.50');
    expect(formatPaise(2250)).toBe('₹22.50');
    expect(formatPaise(2205)).toBe('₹22.05');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(-2250)).toBe('-₹22.50');
    expect(formatPaise(30_500)).toBe('₹305');
    expect(formatPaise(1_234_567_00)).toBe('₹12,34,567');
  });
  it('groups numbers in lakhs and crores', () => {
    expect(formatNumberIN(1234567)).toBe('12,34,567');
    expect(formatNumberIN(999)).toBe('999');
  });
  it('masks card numbers in groups of four, last four shown', () => {
    expect(maskCardNumber('1234567812345678')).toBe('XXXX XXXX XXXX 5678');
    expect(maskCardNumber('1234 5678 1234 5678')).toBe('XXXX XXXX XXXX 5678');
  });
});

describe('snackbar (spec §8)', () => {
  it('shows the offline snackbar with okay for both offline messages', () => {
    expect(snackbarFor('Network Error', 'retry')).toEqual({ kind: 'offline', message: OFFLINE_MESSAGE, button: 'okay' });
    expect(snackbarFor(OFFLINE_MESSAGE)).toEqual({ kind: 'offline', message: OFFLINE_MESSAGE, button: 'okay' });
  });
  it('shows other messages with their own button text', () => {
    expect(snackbarFor('Card declined', 'Try again')).toEqual({ kind: 'message', message: 'Card declined', button: 'Try again' });
  });
  it('ignores a request cancelled by session time-out', () => {
    expect(snackbarFor('REQUEST_CANCELLED_SESSION_TIMEOUT')).toBeNull();
  });
  it('hides after 3 seconds', () => expect(SNACKBAR_MS).toBe(3000));
});
