/**
 * A pass order body as the mf-passes pay screen posts it (POST /api/passes/v3/orders), for API tests: a Mumbai adult
 * General pass for `userId`, 7 days from 2025-08-20; `passProps` and `over` replace what a test is about (also with
 * values the server must refuse).
 */
export function passOrderBody(userId: string, passProps: Record<string, unknown> = {}, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appVer: '1.0.0',
    city: 'mumbai',
    deviceId: 'test-device-1',
    source: 1,
    paymentProps: { lpVer: '1', paymentType: 'online' },
    proofs: [],
    userDetails: { mailId: null, mobileNumber: '9876500000', userName: 'Asha Rao', gender: null, dobInMillis: null, userId },
    passProps: { passStartDate: '2025-08-20', categoryId: 'adult', fmId: 'mum-gen-7', configurationId: 'mum-general', passFare: 350, ...passProps },
    ...over,
  };
}
