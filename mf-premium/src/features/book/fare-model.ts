// What the fare page shows before the rider pays, as plain rules: one fare line per passenger named
// with whose it is ("Adult 1", "Child 1") instead of the server's per-category "Seat fare / Seat fare / Child
// concession", the passengers by category, the way back to the slot list WITH its line (a slot page without its line
// loads nothing), and what a change of slot costs against which booking. Tested in fare-model.test.ts.
import { SEAT_CATEGORIES, type SeatCategory } from '@sawari/domain';
import type { Passengers } from '../common/model';

/** One passenger's line: whose it is (category and number within it), the full seat fare and what they pay. */
export interface PassengerFareLine {
  category: SeatCategory;
  /** 1-based number within the category: Adult 1, Adult 2, Child 1. */
  n: number;
  fullPaise: number;
  payPaise: number;
}

/**
 * The server's fare groups (one per category, amounts for all its passengers) split into one line per passenger.
 * A group's amount that does not divide evenly gives its first passengers the extra paisa, so the lines always add up
 * to the group's amount (and the total to the fare's payable amount). Categories in the fixed order adult, child, senior.
 */
export function passengerFareLines(groups: readonly { id: string; payableAmount: number; actualAmount: number }[], p: Passengers): PassengerFareLine[] {
  const lines: PassengerFareLine[] = [];
  for (const category of SEAT_CATEGORIES) {
    const g = groups.find((x) => x.id === category);
    const count = p[category];
    if (!g || count <= 0) continue;
    const pay = split(g.payableAmount, count);
    const full = split(g.actualAmount, count);
    for (let i = 0; i < count; i++) lines.push({ category, n: i + 1, fullPaise: full[i], payPaise: pay[i] });
  }
  return lines;
}

/** `total` paise in `n` whole-paisa parts that differ by at most one, the larger first. */
export function split(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The passengers by category, in order, without the empty ones: [['adult', 2], ['child', 1]]. */
export const passengersByCategory = (p: Passengers): [SeatCategory, number][] => SEAT_CATEGORIES.filter((c) => p[c] > 0).map((c) => [c, p[c]]);

/**
 * The slot page the fare page came from, with its line (the fare page's own query may lack `lineId` when it was opened
 * from an older link: then the line found for the stop pair is used). Null when no line is known.
 */
export function slotsBackPath(base: string, params: URLSearchParams, lineId: string | null, date: string | null): string | null {
  const line = params.get('lineId') || lineId;
  if (!line) return null;
  const q = new URLSearchParams();
  q.set('lineId', line);
  for (const k of ['fromStopId', 'toStopId']) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  const d = params.get('date') || date;
  if (d) q.set('date', d);
  for (const k of ['adult', 'child', 'senior', 'passId']) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  return `${base}?${q.toString()}`;
}

/**
 * What a change of slot asks the rider to pay, said against the booking it changes: the difference (paise, > 0) and the
 * booking it is the difference from. Null for a booking that is not a change, or that costs nothing more.
 */
export function changeOfSlot(b: {
  prevBookingId: string | null;
  amountPaise: number;
  paidWith: string;
}): { fromBookingId: string; differencePaise: number } | null {
  if (!b.prevBookingId || b.amountPaise <= 0) return null;
  return { fromBookingId: b.prevBookingId, differencePaise: b.amountPaise };
}
