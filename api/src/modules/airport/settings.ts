import { z } from 'zod';
import { defineSection } from '../../platform/config';

export const DEV_KIOSK_KEY = 'sawari-dev-kiosk';

export interface KioskSettings {
  /** Keys the airport boards may present (`authorization: Kiosk <key>`). */
  kioskKeys: string[];
}

/** KIOSK_KEYS: required in production, where the development key is refused; elsewhere the development key. */
export const kioskSettings = defineSection<KioskSettings>({
  variables: { KIOSK_KEYS: z.string().optional() },
  build(e, ctx) {
    const keys = String(e.KIOSK_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length === 0) {
      if (ctx.env === 'production') ctx.problem('KIOSK_KEYS is required in production (comma-separated kiosk keys)');
      else keys.push(DEV_KIOSK_KEY);
    } else if (ctx.env === 'production' && keys.includes(DEV_KIOSK_KEY)) {
      ctx.problem(`KIOSK_KEYS must not contain the development key ${DEV_KIOSK_KEY} in production`);
    }
    if (keys.some((k) => k.length < 8)) ctx.problem('every kiosk key in KIOSK_KEYS must be at least 8 characters');
    return { kioskKeys: keys };
  },
});
