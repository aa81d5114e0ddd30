// The shell's own screens (below the /app base path), same { path, screen } shape as every remote's table. Any /app
// path that no shell route and no remote prefix claims shows the not-found screen.
export const routes = [
  { path: '/', screen: 'home' },
  { path: '/onboarding', screen: 'onboarding' },
  { path: '/on-boarding-mumbai', screen: 'onboardingMumbai' },
  { path: '/change-city', screen: 'changeCity' },
  { path: '/change-language', screen: 'changeLanguage' },
  { path: '/network-error', screen: 'networkError' },
  { path: '/SOS', screen: 'sos' },
  { path: '/SOS/editSOSMessage', screen: 'sosEdit' },
  { path: '/Favorites', screen: 'favourites' },
  { path: '/Favorites/search/:data', screen: 'favouritesSearch' },
  { path: '/promotion', screen: 'promotion' },
  // Sign-in and profile. /login/login-otp comes before /login/:redirectPath, which would otherwise take it.
  { path: '/login', screen: 'login' },
  { path: '/login/login-otp', screen: 'loginOtp' },
  { path: '/login/login-otp/:redirectPath', screen: 'loginOtp' },
  { path: '/login/:redirectPath', screen: 'login' },
  { path: '/profile', screen: 'profile' },
  { path: '/profile/edit-profile', screen: 'editProfile' },
  // Checkout (docs/checkout.md): one URL per way to pay, so Back works. Remotes send riders here with checkoutPath().
  { path: '/select-payment', screen: 'checkoutResume' },
  { path: '/select-payment/:agency/:productType/:orderId', screen: 'checkout' },
  { path: '/select-payment/:agency/:productType/:orderId/card', screen: 'checkoutCard' },
  { path: '/select-payment/:agency/:productType/:orderId/wallet', screen: 'checkoutWallet' },
  { path: '/select-payment/:agency/:productType/:orderId/upi', screen: 'checkoutUpi' },
  { path: '/select-payment/:agency/:productType/:orderId/netbanking', screen: 'checkoutNetbanking' },
  { path: '/select-payment/:agency/:productType/:orderId/cash', screen: 'checkoutCash' },
] as const;

export type ShellScreen = (typeof routes)[number]['screen'];
