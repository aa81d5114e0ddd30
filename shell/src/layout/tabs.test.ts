import { accountPath, currentTab, showsTabBar, TABS } from './tabs';

describe('the tab bar', () => {
  it('marks the tab a path belongs to, and none for a screen of no tab', () => {
    expect(currentTab('/')).toBe('home');
    expect(currentTab('/your-tickets-and-passes')).toBe('wallet');
    expect(currentTab('/your-tickets-and-passes/pass-validation/T1')).toBe('wallet');
    for (const p of ['/live-tracking', '/live-tracking/route-map/R1', '/trip-planner/results', '/nearest-bus-stop/near-bus-stops', '/public-route/MH01'])
      expect(currentTab(p)).toBe('travel');
    for (const p of ['/profile', '/profile/edit-profile', '/login', '/login/%2Fprofile', '/Favorites']) expect(currentTab(p)).toBe('account');
    expect(currentTab('/buy-bus-ticket')).toBeNull();
    // sign-in on the way to a screen is that screen's tab
    expect(currentTab('/login/%2Fyour-tickets-and-passes')).toBe('wallet');
    expect(currentTab('/login/%2Flive-tracking%2Froute-map%2FR1')).toBe('travel');
    expect(currentTab('/login/%2Fbuy-bus-ticket')).toBe('account');
    expect(currentTab('/login/%E0%A4')).toBe('account');
    expect(currentTab('/login/login-otp')).toBe('account');
    // a prefix is a whole segment: /profiles is not the profile
    expect(currentTab('/profiles')).toBeNull();
    expect(currentTab('/your-tickets-and-passes-old')).toBeNull();
  });
  it('shows everywhere but onboarding, paying and the code step of sign-in', () => {
    for (const p of ['/', '/your-tickets-and-passes', '/live-tracking', '/profile', '/login', '/buy-bus-ticket']) expect(showsTabBar(p)).toBe(true);
    for (const p of ['/onboarding', '/on-boarding-mumbai', '/select-payment/A/pass/T1', '/select-payment', '/login/login-otp', '/login/login-otp/%2F'])
      expect(showsTabBar(p)).toBe(false);
  });
  it('no bar over a code the rider shows or scans: the ticket and pass QR screens and the scanner are the whole screen', () => {
    for (const p of [
      '/your-tickets-and-passes/sound-qr/T1',
      '/your-tickets-and-passes/sound-qr/T1/contact-less-ticket-validation',
      '/your-tickets-and-passes/pass-validation/P1',
      '/your-tickets-and-passes/scan-qr/T1',
    ])
      expect([p, showsTabBar(p)]).toEqual([p, false]);
    // the wallet and a ticket's other pages keep it
    for (const p of ['/your-tickets-and-passes', '/your-tickets-and-passes/summary/T1', '/your-tickets-and-passes/before-activation/T1'])
      expect([p, showsTabBar(p)]).toEqual([p, true]);
  });
  it('the account tab: the profile signed in; sign-in that comes back here signed out', () => {
    expect(accountPath(true, '/live-tracking')).toBe('/profile');
    expect(accountPath(false, '/')).toBe('/login');
    expect(accountPath(false, '/login')).toBe('/login');
    expect(accountPath(false, '/live-tracking/route-map/R 1')).toBe('/login/%2Flive-tracking%2Froute-map%2FR%201');
    expect(TABS(false, '/').map((t) => t.path)).toEqual(['/', '/your-tickets-and-passes', '/live-tracking', '/login']);
  });
});
