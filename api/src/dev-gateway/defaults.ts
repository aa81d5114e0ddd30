// The development gateway's defaults, in one module so the API (its Razorpay adapter's development configuration) and
// scripts/start.mjs use the same keys and secrets as the gateway they talk to. Test mode only: none of these is a
// secret, and none is ever a live key (live keys start `rzp_live_`).

export const DEV_GATEWAY_DEFAULTS = {
  port: 8090,
  host: '127.0.0.1',
  keyId: 'rzp_test_sawari_dev',
  keySecret: 'sawari_dev_gateway_key_secret',
  webhookSecret: 'sawari_dev_webhook_secret',
  /** A UPI collect request not approved within this many seconds fails `payment_timed_out`. */
  upiExpirySeconds: 300,
  /** A refund stays `pending` this long (the gateway's clock), then `processed` (or `failed`). */
  refundSettleSeconds: 20,
  /** Waits before the 2nd, 3rd, … delivery of a webhook that was not answered 2xx. */
  webhookRetrySeconds: [2, 5, 15, 30, 60, 120, 300] as readonly number[],
  /** The hosted checkout's `timeout` when the form carries none: seconds after the order was created. */
  checkoutTimeoutSeconds: 900,
} as const;

/** DEV_GATEWAY_CHAOS=on (what `npm start` runs): webhooks twice now and then, out of order, before the rider is back. */
export const DEV_GATEWAY_CHAOS_ON = { duplicateRate: 0.1, reorder: true, earlyWebhook: true } as const;

/** The test instruments the hosted pages know (docs/checkout.md "Test instruments (development gateway)"). */
export const TEST_OTP = '123456';
/** Every test wallet holds ₹2,000: a larger payment fails `insufficient_funds`. */
export const WALLET_BALANCE_PAISE = 200_000;
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  hdfc: '4893770000000000',
  sbi: '4601330000000006',
} as const;
export const TEST_VPAS = { success: 'success@upi', failure: 'failure@upi', expire: 'expire@upi', noRefund: 'norefund@upi' } as const;
export const NETBANKING_BANKS = ['SBI', 'HDFC', 'ICICI', 'AXIS', 'KOTAK'] as const;
export const WALLETS = ['PAYTM', 'PHONEPE', 'AMAZONPAY', 'MOBIKWIK'] as const;
