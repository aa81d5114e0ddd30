import { useIntl } from 'react-intl';
import { clockText } from '@sawari/domain';

/**
 * Times as the rider's language writes them (shared/domain clockText: English 12-hour as the boards, each Indian
 * language its own 12-hour clock), in city time. `at(ms)` for epoch milliseconds, `service(secs)` for seconds after
 * the service day's start (timetables; may pass 24:00).
 */
export function useClock(): { at: (ms: number) => string; service: (seconds: number) => string } {
  const { locale } = useIntl();
  return {
    at: (ms) => clockText(ms, locale),
    service: (seconds) => clockText((((Math.floor(seconds) % 86400) + 86400) % 86400) * 1000, locale, 'UTC'),
  };
}

/** The last departure of a headway window (start inclusive, end exclusive, as the server expands it). */
export function lastDeparture(f: { start_time: number; end_time: number; frequency: number }): number {
  if (f.frequency <= 0 || f.end_time <= f.start_time) return f.start_time;
  return f.start_time + Math.floor((f.end_time - f.start_time - 1) / f.frequency) * f.frequency;
}
