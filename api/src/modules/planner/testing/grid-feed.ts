import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A synthetic GTFS feed for tests that need a planner search to take real time: an n × n grid of stops `spacing`
 * metres apart (so the importer links neighbours on foot when spacing ≤ 250), one line along every row and every
 * column in both directions, every `headwayMins` from 05:00 to 23:00 (frequencies.txt), running every day of
 * 2025-2030, time zone Asia/Kolkata. Stop ids are `g<row>_<col>`. Returns the folder (delete it after).
 */
export function writeGridFeed(opts: { n?: number; spacing?: number; headwayMins?: number; minutesPerStop?: number } = {}): string {
  const n = opts.n ?? 24;
  const spacing = opts.spacing ?? 200;
  const headway = (opts.headwayMins ?? 3) * 60;
  const hop = (opts.minutesPerStop ?? 2) * 60;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-grid-'));
  const lat0 = 9.9;
  const lon0 = 76.2;
  const dLat = spacing / 111_195;
  const dLon = dLat / Math.cos((lat0 * Math.PI) / 180);
  const id = (r: number, c: number) => `g${r}_${c}`;
  const clock = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

  const stops = ['stop_id,stop_name,stop_lat,stop_lon'];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) stops.push(`${id(r, c)},Grid ${r}-${c},${(lat0 + r * dLat).toFixed(6)},${(lon0 + c * dLon).toFixed(6)}`);
  const routes = ['route_id,agency_id,route_short_name,route_long_name,route_type'];
  const trips = ['route_id,service_id,trip_id'];
  const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
  const freqs = ['trip_id,start_time,end_time,headway_secs,exact_times'];
  const line = (routeId: string, name: string, seq: string[]) => {
    routes.push(`${routeId},G,${name},${name} line,3`);
    for (const [suffix, list] of [
      ['a', seq],
      ['b', [...seq].reverse()],
    ] as const) {
      const trip = `${routeId}-${suffix}`;
      trips.push(`${routeId},ALL,${trip}`);
      list.forEach((s, i) => stopTimes.push(`${trip},${clock(i * hop)},${clock(i * hop)},${s},${i + 1}`));
      freqs.push(`${trip},05:00:00,23:00:00,${headway},1`);
    }
  };
  for (let r = 0; r < n; r++)
    line(
      `row${r}`,
      `R${r}`,
      Array.from({ length: n }, (_, c) => id(r, c)),
    );
  for (let c = 0; c < n; c++)
    line(
      `col${c}`,
      `C${c}`,
      Array.from({ length: n }, (_, r) => id(r, c)),
    );

  const write = (name: string, lines: string[]) => fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
  write('agency.txt', ['agency_id,agency_name,agency_url,agency_timezone', 'G,Grid Transport,https://example.org,Asia/Kolkata']);
  write('calendar.txt', ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', 'ALL,1,1,1,1,1,1,1,20250101,20301231']);
  write('stops.txt', stops);
  write('routes.txt', routes);
  write('trips.txt', trips);
  write('stop_times.txt', stopTimes);
  write('frequencies.txt', freqs);
  return dir;
}
