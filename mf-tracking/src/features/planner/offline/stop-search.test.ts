import { matchKeptStops } from './stop-search';

const stop = (stop_id: string, stop_name: string | null, lat = 9.9) => ({ stop_id, stop_name, stop_lat: lat, stop_lon: 76.2 });

describe('matchKeptStops: a stop by name in the timetable kept on the phone', () => {
  const stops = [
    stop('1', 'Kaloor Junction'),
    stop('2', 'North Kaloor'),
    stop('3', 'Vyttila Hub'),
    stop('4', 'Kaloor Junction'),
    stop('5', null),
    stop('6', 'Kaloor Junction', 9.95),
  ];
  it('every word typed, any order, case ignored; names starting with it first; one per name and place', () => {
    expect(matchKeptStops(stops, 'kaloor').map((m) => m.stopId)).toEqual(['1', '6', '2']);
    expect(matchKeptStops(stops, 'JUNCTION kaloor').map((m) => m.stopId)).toEqual(['1', '6']);
    expect(matchKeptStops(stops, 'vytila')).toEqual([]);
    expect(matchKeptStops(stops, '  ')).toEqual([]);
    expect(matchKeptStops(stops, 'hub')).toEqual([{ stopId: '3', name: 'Vyttila Hub', lat: 9.9, lon: 76.2 }]);
  });
  it('at most `limit`', () => {
    expect(matchKeptStops(stops, 'kaloor', 1)).toHaveLength(1);
  });
});
