import { CITY_TIME_ZONE } from './constants';

/** Spec §9: support offices are open Mon-Fri 8 AM to 8 PM, Sat-Sun 10 AM to 6 PM (city time). */
export const OFFICE_HOURS = { weekday: { opens: 8, closes: 20 }, weekend: { opens: 10, closes: 18 } } as const;

const fmt = new Map<string, Intl.DateTimeFormat>();
function parts(now: number, timeZone: string) {
  let f = fmt.get(timeZone);
  if (!f) fmt.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })));
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { weekday: p.weekday as string, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

export interface OfficeStatus {
  open: boolean;
  opens: number;
  closes: number;
  isWeekend: boolean;
}

/** Whether the offices are open at `now`, with that day's hours (24-hour clock). Closing time itself is closed. */
export function officeStatus(now: number, timeZone: string = CITY_TIME_ZONE): OfficeStatus {
  const { weekday, minutes } = parts(now, timeZone);
  const isWeekend = weekday === 'Sat' || weekday === 'Sun';
  const { opens, closes } = isWeekend ? OFFICE_HOURS.weekend : OFFICE_HOURS.weekday;
  return { open: minutes >= opens * 60 && minutes < closes * 60, opens, closes, isWeekend };
}
