import { officeStatus } from './office-hours';

const ist = (s: string) => Date.parse(`${s}+05:30`);

describe('office hours: Mon-Fri 8 AM to 8 PM, Sat-Sun 10 AM to 6 PM, city time', () => {
  it.each([
    ['2026-11-20T07:59:59', false], // Friday
    ['2026-11-20T08:00:00', true],
    ['2026-11-20T19:59:59', true],
    ['2026-11-20T20:00:00', false],
    ['2026-11-21T09:59:59', false], // Saturday
    ['2026-11-21T10:00:00', true],
    ['2026-11-21T17:59:59', true],
    ['2026-11-21T18:00:00', false],
    ['2026-11-22T12:00:00', true], // Sunday
    ['2026-11-23T08:00:00', true], // Monday
  ])('%s open: %s', (at, open) => expect(officeStatus(ist(at)).open).toBe(open));
  it('gives the day hours', () => {
    expect(officeStatus(ist('2026-11-21T12:00:00'))).toEqual({ open: true, opens: 10, closes: 18, isWeekend: true });
    expect(officeStatus(ist('2026-11-20T12:00:00'))).toEqual({ open: true, opens: 8, closes: 20, isWeekend: false });
  });
  it('reads the day in India, not UTC: Friday 23:00 UTC is Saturday 04:30 in India', () => {
    expect(officeStatus(Date.parse('2026-11-20T23:00:00Z')).isWeekend).toBe(true);
  });
});
