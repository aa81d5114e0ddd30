import { routeRows } from './busesOnRoute';
import type { RouteDirection } from '../common/transit';

const stop = (id: string, lat: number) => ({
  stop_id: id,
  stop_name: `S${id}`,
  stop_lat: lat,
  stop_lon: 72.8,
  result_type: 'STOP' as const,
  station_type: null,
  transport_type: null,
});
const up: RouteDirection = { directionId: 0, headsign: 'North', stops: [stop('a', 19.0), stop('b', 19.01), stop('c', 19.02)], shape: [] };
const down: RouteDirection = { directionId: 1, headsign: 'South', stops: [stop('c', 19.02), stop('b', 19.01), stop('a', 19.0)], shape: [] };
const bus = (vNo: string, lat: number, nextStopId: string | null, headsign: string | null) => ({ vNo, lat, lon: 72.8, nextStopId, headsign });

describe('routeRows', () => {
  it('puts each bus just before the stop it is heading to, in its own direction', () => {
    const rows = routeRows(up, [up, down], [bus('B1', 19.005, 'b', 'North'), bus('B2', 19.015, 'b', 'South')]);
    expect(rows.map((r) => (r.kind === 'stop' ? r.stopId : `bus:${r.vehicle.vNo}`))).toEqual(['a', 'bus:B1', 'b', 'c']);
    const back = routeRows(down, [up, down], [bus('B2', 19.015, 'b', 'South')]);
    expect(back.map((r) => (r.kind === 'stop' ? r.stopId : `bus:${r.vehicle.vNo}`))).toEqual(['c', 'bus:B2', 'b', 'a']);
  });
  it('without a next stop, places the bus after the nearest stop', () => {
    const rows = routeRows(up, [up], [bus('B3', 19.0101, null, null)]);
    expect(rows.map((r) => (r.kind === 'stop' ? r.stopId : `bus:${r.vehicle.vNo}`))).toEqual(['a', 'b', 'bus:B3', 'c']);
  });
});
