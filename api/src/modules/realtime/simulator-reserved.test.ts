import { RESERVED_LAYOVER_MS, simulateReservedRun } from './simulator';
import type { ReservedRun } from './source';

/** The simulator's buses of reserved departures (premium, airport express, event trips): docs/realtime.md. */
const START = Date.parse('2026-11-23T08:00:00+05:30');
const MIN = 60_000;
const run = (runId: string, vehicleNo: string | null = null): ReservedRun => ({
  runId,
  cityId: 'mumbai',
  vehicleNo,
  startMs: START,
  stops: [
    { stopId: 'A', lat: 19.186, lon: 72.9757, offsetSecs: 0 },
    { stopId: 'B', lat: 19.1717, lon: 72.9564, offsetSecs: 12 * 60 },
    { stopId: 'C', lat: 19.086, lon: 72.9081, offsetSecs: 35 * 60 },
    { stopId: 'D', lat: 19.066, lon: 72.865, offsetSecs: 55 * 60 },
  ],
});
const ids = Array.from({ length: 200 }, (_, i) => `PRM-1.20261123${String(700 + i).padStart(4, '0')}`);

describe('reserved departures in the simulator', () => {
  it('reports from 30 minutes before the departure, waiting at the first stop, never leaving early', () => {
    expect(simulateReservedRun('sawari', run(ids[0]), START - RESERVED_LAYOVER_MS - 1)).toBeNull();
    for (const id of ids) {
      const v = simulateReservedRun('sawari', run(id), START - 10 * MIN)!;
      expect(v).not.toBeNull();
      expect(v).toMatchObject({ scheduleSecs: 0, nextIndex: 0 });
      expect(v.delaySeconds === null || v.delaySeconds >= 0).toBe(true);
      expect(Math.abs(v.lat - 19.186)).toBeLessThan(0.0002);
    }
  });

  it('moves along the stops on schedule with seeded delays: some early, most on time, some late', () => {
    const delays: number[] = [];
    for (const id of ids) {
      const a = simulateReservedRun('sawari', run(id), START + 20 * MIN)!;
      const b = simulateReservedRun('sawari', run(id), START + 30 * MIN)!;
      expect(a.vNo).toBe(b.vNo);
      expect(a.vNo).toMatch(/^MH-43-[A-Z]{2}-\d{4}$/);
      if (b.tS > a.tS) expect(b.scheduleSecs).toBeGreaterThanOrEqual(a.scheduleSecs);
      if (a.delaySeconds !== null) delays.push(a.delaySeconds);
      // the same instant, the same answer
      expect(simulateReservedRun('sawari', run(id), START + 20 * MIN)).toEqual(a);
    }
    expect(delays.some((d) => d < -300)).toBe(true);
    expect(delays.some((d) => d >= 360)).toBe(true);
    expect(delays.filter((d) => d >= -300 && d < 300).length).toBeGreaterThan(delays.length / 3);
    expect(delays.every((d) => d >= -600 && d <= 1200)).toBe(true);
  });

  it("names the operator's bus, stands at the last stop after arriving, then goes off duty", () => {
    expect(simulateReservedRun('sawari', run(ids[1], 'MH-43-PX-2024'), START + 20 * MIN)!.vNo).toBe('MH-43-PX-2024');
    const end = simulateReservedRun('sawari', run(ids[1]), START + 80 * MIN)!;
    expect(end).toMatchObject({ scheduleSecs: 55 * 60, nextIndex: 3 });
    expect(simulateReservedRun('sawari', run(ids[1]), START + 55 * MIN + 20 * MIN + RESERVED_LAYOVER_MS + 1)).toBeNull();
  });
});
