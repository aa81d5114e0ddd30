import type { ServiceDay } from '@sawari/domain';
import type { TimetableRows } from './store';

interface ServiceRule {
  /** Index 0 = Sunday ... 6 = Saturday, as ServiceDay.weekday. */
  weekdays: boolean[];
  startDate: string;
  endDate: string;
  /** YYYYMMDD -> 1 added, 2 removed. */
  exceptions: Map<string, number>;
}

/**
 * A feed's services (calendar.txt and calendar_dates.txt) by index: which run on a service day. Shared by the
 * timetable (per route and stop) and the realtime feed (per trip). Pure data.
 */
export class ServiceCalendar {
  private readonly rules: ServiceRule[] = [];
  private readonly index = new Map<string, number>();
  private readonly activeByDate = new Map<string, Uint8Array>();

  constructor(calendar: TimetableRows['calendar'], calendarDates: TimetableRows['calendarDates']) {
    for (const c of calendar) {
      const s = this.rules[this.indexOf(c.service_id)];
      s.weekdays = [c.sunday, c.monday, c.tuesday, c.wednesday, c.thursday, c.friday, c.saturday].map((v) => v === 1);
      s.startDate = c.start_date;
      s.endDate = c.end_date;
    }
    for (const d of calendarDates) this.rules[this.indexOf(d.service_id)].exceptions.set(d.date, d.exception_type);
  }

  /** The index of a service id; an id neither file names gets a service that never runs. */
  indexOf(serviceId: string): number {
    let i = this.index.get(serviceId);
    if (i === undefined) {
      i = this.rules.push({ weekdays: new Array(7).fill(false), startDate: '99999999', endDate: '00000000', exceptions: new Map() }) - 1;
      this.index.set(serviceId, i);
      this.activeByDate.clear();
    }
    return i;
  }

  /** Which services run on a service day (calendar weekday and date range; calendar_dates 1 adds, 2 removes). */
  activeOn(day: ServiceDay): Uint8Array {
    let active = this.activeByDate.get(day.date);
    if (active) return active;
    active = Uint8Array.from(this.rules, (s) => {
      const exception = s.exceptions.get(day.date);
      return exception === 1 ? 1 : exception === 2 ? 0 : s.weekdays[day.weekday] && day.date >= s.startDate && day.date <= s.endDate ? 1 : 0;
    });
    if (this.activeByDate.size > 64) this.activeByDate.clear();
    this.activeByDate.set(day.date, active);
    return active;
  }
}
