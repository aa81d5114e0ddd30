import { learnServerTimeFromDateHeader, resetServerClock, serverNow, setServerTimeAnchor } from './clock';

afterEach(() => {
  jest.useRealTimers();
  resetServerClock();
});

describe('server clock', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });

  it('is the device clock until something is learnt', () => {
    expect(serverNow()).toBe(1_000_000);
  });

  it('follows an explicit anchor and keeps ticking with the device clock', () => {
    setServerTimeAnchor(5_000_000, 1_000_000);
    expect(serverNow()).toBe(5_000_000);
    jest.advanceTimersByTime(60_000);
    expect(serverNow()).toBe(5_060_000);
  });

  it('uses the Date header (middle of its second) unless an anchor was set', () => {
    learnServerTimeFromDateHeader(new Date(2_000_000).toUTCString(), 1_000_000);
    expect(serverNow()).toBe(2_000_500);
    setServerTimeAnchor(3_000_000, 1_000_000);
    learnServerTimeFromDateHeader(new Date(9_000_000).toUTCString(), 1_000_000);
    expect(serverNow()).toBe(3_000_000);
  });

  it('ignores a missing or unreadable Date header', () => {
    learnServerTimeFromDateHeader(null);
    learnServerTimeFromDateHeader('not a date');
    expect(serverNow()).toBe(1_000_000);
  });
});
