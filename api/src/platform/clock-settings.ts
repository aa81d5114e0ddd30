import { z } from 'zod';
import { defineSection } from './config';

/** `YYYY-MM-DDTHH:MM[:SS[.mmm]]` and a UTC offset (`Z` or `±HH:MM`): an instant, never a local time of some zone. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Epoch milliseconds of an ISO 8601 instant with its UTC offset, or a reason it is not one. Fields out of range
 * (30 February, 24:00, an offset past ±14:00) are refused rather than rolled over into another day.
 */
export function parseInstant(text: string): { ok: true; ms: number } | { ok: false; reason: string } {
  const m = INSTANT.exec(text.trim());
  if (!m) return { ok: false, reason: 'write it as an ISO 8601 date and time with its UTC offset, e.g. 2026-11-25T10:00:00+05:30' };
  const [, y, mo, d, h, mi, s = '0', , oh = '0', om = '0'] = m;
  const daysInMonth = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > daysInMonth) return { ok: false, reason: `${y}-${mo}-${d} is not a date` };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return { ok: false, reason: `${h}:${mi}:${s.padStart(2, '0')} is not a time of day` };
  if (Number(oh) > 14 || Number(om) > 59) return { ok: false, reason: 'the UTC offset must be within ±14:00' };
  const ms = Date.parse(text.trim());
  if (Number(y) < 2000 || Number(y) > 2099 || !Number.isFinite(ms)) return { ok: false, reason: 'the year must be 2000 to 2099' };
  return { ok: true, ms };
}

export interface ClockSettings {
  /** SAWARI_CLOCK_START: the instant the server's clock reads when it starts (then it ticks in real time). Unset: the
   *  machine's clock. Refused in production. */
  clockStartMs?: number;
}

export const clockSettings = defineSection<ClockSettings>({
  variables: { SAWARI_CLOCK_START: z.string().optional() },
  build(e, ctx) {
    const text = e.SAWARI_CLOCK_START as string | undefined;
    if (text === undefined) return {};
    if (ctx.env === 'production') {
      ctx.problem('SAWARI_CLOCK_START is refused in production (it sets the server clock for development and tests); unset it');
      return {};
    }
    const r = parseInstant(text);
    if (!r.ok) {
      ctx.problem(`SAWARI_CLOCK_START: "${text}" is not an instant: ${r.reason}`);
      return {};
    }
    return { clockStartMs: r.ms };
  },
});
