import { exitOnConfigErrors, parseEnvironment, testPlatformConfig, type ConfigResult } from '../platform/config';
import { clockSettings } from '../platform/clock-settings';
import { DEV_KIOSK_KEY, kioskSettings } from '../modules/airport/settings';
import { opsSettings, DEV_OPS_KEY } from '../modules/auth/ops-settings';
import { DEV_RAZORPAY, paymentSettings } from '../modules/payments/settings';
import { smsSettings } from '../modules/sms/settings';
import { DEV_SUPPORT, supportSettings } from '../modules/sos/settings';
import { validationSettings } from '../modules/validation/settings';

/**
 * Every module's settings section, joined with the platform's part. A module that reads environment variables adds
 * its section here (one line); its settings type then appears in `Config`.
 */
export const CONFIG_SECTIONS = [clockSettings, kioskSettings, smsSettings, supportSettings, paymentSettings, validationSettings, opsSettings] as const;

type SectionsResult = ReturnType<typeof parseEnvironment<typeof CONFIG_SECTIONS>>;
/** The whole server configuration: the platform's part and each module's part. */
export type Config = Extract<SectionsResult, { ok: true }>['config'];

/** Parses an environment; never throws; every problem of every section is listed. Empty strings count as unset. */
export function parseConfig(env: NodeJS.ProcessEnv): ConfigResult<Config> {
  return parseEnvironment(env, CONFIG_SECTIONS);
}

/** Reads process.env; on bad values prints one line per problem (all of them) and exits with status 1. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return exitOnConfigErrors(parseConfig(env));
}

/** A configuration for tests: in-memory PGlite, silent logs, no static serving, the development keys, and inject()'s
 *  own address (127.0.0.1) as the trusted proxy, so a test can name a client address with x-forwarded-for. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...testPlatformConfig(),
    trustProxy: ['127.0.0.1'],
    kioskKeys: [DEV_KIOSK_KEY],
    sms: { provider: 'dev' },
    support: DEV_SUPPORT,
    opsKeys: new Map([[DEV_OPS_KEY, 'dev']]),
    razorpay: { ...DEV_RAZORPAY, checkoutUrl: DEV_RAZORPAY.apiUrl },
    ...overrides,
  };
}
