import { parseGtfsTime } from '@sawari/domain';

/**
 * What the importer reads from each GTFS file: the columns it keeps (and the database column each becomes), how each
 * value is checked, and the cross-file references each row must satisfy. Files are read in the order listed, so a
 * row's references are always to files already read.
 */
export type Kind = 'text' | 'int' | 'float' | 'time' | 'date' | 'flag' | 'exception' | 'timezone';

export interface Column {
  gtfs: string;
  db?: string;
  kind: Kind;
  required?: boolean;
  /** Value used when the field is empty and not required. */
  fallback?: string | number | null;
}

/** Ids seen so far in this feed, for reference checks. */
export interface FeedIds {
  agencies: Set<string>;
  stops: Set<string>;
  routes: Set<string>;
  services: Set<string>;
  shapes: Set<string>;
  trips: Set<string>;
}

export type Row = Record<string, string | number | null>;

export interface GtfsFile {
  file: string;
  table: string;
  /** true: the feed is rejected without it. */
  required: boolean;
  columns: Column[];
  /** A sentence when the row breaks a rule that spans files; null when it is fine. Also records ids. */
  check?(row: Row, ids: FeedIds): string | null;
}

/**
 * The id as a string of its own: a field cut from a read buffer (the CSV reader's `split`) may share that buffer's
 * memory, so an id kept for the whole import would keep its whole 64 KB buffer alive (a big city's shapes file nearly
 * whole, one new shape id per buffer). Done once per id kept, not per row.
 */
const own = (id: string): string => Buffer.from(id, 'utf8').toString('utf8');

function unique(set: Set<string>, id: string, what: string): string | null {
  if (set.has(id)) return `duplicate ${what} "${id}"`;
  set.add(own(id));
  return null;
}

/** Adds an id the feed may repeat (a service in calendar_dates, a shape per point). */
function note(set: Set<string>, id: string): null {
  if (!set.has(id)) set.add(own(id));
  return null;
}

function known(set: Set<string>, id: string | number | null, what: string, file: string): string | null {
  return id === null || set.has(String(id)) ? null : `${what} "${id}" is not in ${file}`;
}

export const GTFS_FILES: GtfsFile[] = [
  {
    file: 'agency.txt',
    table: 'agency',
    required: true,
    columns: [
      { gtfs: 'agency_id', kind: 'text', fallback: '' },
      { gtfs: 'agency_name', kind: 'text', required: true },
      { gtfs: 'agency_url', kind: 'text', fallback: null },
      { gtfs: 'agency_timezone', kind: 'timezone', required: true },
      { gtfs: 'agency_lang', kind: 'text', fallback: null },
      { gtfs: 'agency_phone', kind: 'text', fallback: null },
    ],
    check: (row, ids) => unique(ids.agencies, String(row.agency_id), 'agency_id'),
  },
  {
    file: 'stops.txt',
    table: 'stops',
    required: true,
    columns: [
      { gtfs: 'stop_id', kind: 'text', required: true },
      { gtfs: 'stop_code', kind: 'text', fallback: null },
      { gtfs: 'stop_name', kind: 'text', fallback: null },
      { gtfs: 'stop_lat', kind: 'float', fallback: null },
      { gtfs: 'stop_lon', kind: 'float', fallback: null },
      { gtfs: 'location_type', kind: 'int', fallback: 0 },
      { gtfs: 'parent_station', kind: 'text', fallback: null },
    ],
    check: (row, ids) => {
      if ((row.location_type === 0 || row.location_type === 1) && (row.stop_lat === null || row.stop_lon === null))
        return 'stop_lat and stop_lon are required for a stop or station';
      if (row.stop_lat !== null && Math.abs(Number(row.stop_lat)) > 90) return `stop_lat ${row.stop_lat} is not a latitude`;
      if (row.stop_lon !== null && Math.abs(Number(row.stop_lon)) > 180) return `stop_lon ${row.stop_lon} is not a longitude`;
      return unique(ids.stops, String(row.stop_id), 'stop_id');
    },
  },
  {
    file: 'routes.txt',
    table: 'routes',
    required: true,
    columns: [
      { gtfs: 'route_id', kind: 'text', required: true },
      { gtfs: 'agency_id', kind: 'text', fallback: null },
      { gtfs: 'route_short_name', kind: 'text', fallback: null },
      { gtfs: 'route_long_name', kind: 'text', fallback: null },
      { gtfs: 'route_type', kind: 'int', required: true },
      { gtfs: 'route_color', kind: 'text', fallback: null },
      { gtfs: 'route_text_color', kind: 'text', fallback: null },
    ],
    check: (row, ids) => {
      if (row.route_short_name === null && row.route_long_name === null) return 'route_short_name or route_long_name is required';
      if (row.agency_id === null && ids.agencies.size > 1) return 'agency_id is required when agency.txt lists several agencies';
      return known(ids.agencies, row.agency_id, 'agency_id', 'agency.txt') ?? unique(ids.routes, String(row.route_id), 'route_id');
    },
  },
  {
    file: 'calendar.txt',
    table: 'calendar',
    required: false,
    columns: [
      { gtfs: 'service_id', kind: 'text', required: true },
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d): Column => ({ gtfs: d, kind: 'flag', required: true })),
      { gtfs: 'start_date', kind: 'date', required: true },
      { gtfs: 'end_date', kind: 'date', required: true },
    ],
    check: (row, ids) => {
      if (String(row.end_date) < String(row.start_date)) return `end_date ${row.end_date} is before start_date ${row.start_date}`;
      return unique(ids.services, String(row.service_id), 'service_id');
    },
  },
  {
    file: 'calendar_dates.txt',
    table: 'calendar_dates',
    required: false,
    columns: [
      { gtfs: 'service_id', kind: 'text', required: true },
      { gtfs: 'date', kind: 'date', required: true },
      { gtfs: 'exception_type', kind: 'exception', required: true },
    ],
    check: (row, ids) => {
      return note(ids.services, String(row.service_id));
    },
  },
  {
    file: 'shapes.txt',
    table: 'shapes',
    required: false,
    columns: [
      { gtfs: 'shape_id', kind: 'text', required: true },
      { gtfs: 'shape_pt_sequence', kind: 'int', required: true },
      { gtfs: 'shape_pt_lat', kind: 'float', required: true },
      { gtfs: 'shape_pt_lon', kind: 'float', required: true },
      { gtfs: 'shape_dist_traveled', kind: 'float', fallback: null },
    ],
    check: (row, ids) => {
      return note(ids.shapes, String(row.shape_id));
    },
  },
  {
    file: 'trips.txt',
    table: 'trips',
    required: true,
    columns: [
      { gtfs: 'trip_id', kind: 'text', required: true },
      { gtfs: 'route_id', kind: 'text', required: true },
      { gtfs: 'service_id', kind: 'text', required: true },
      { gtfs: 'trip_headsign', kind: 'text', fallback: null },
      { gtfs: 'direction_id', kind: 'int', fallback: null },
      { gtfs: 'shape_id', kind: 'text', fallback: null },
    ],
    check: (row, ids) =>
      known(ids.routes, row.route_id, 'route_id', 'routes.txt') ??
      known(ids.services, row.service_id, 'service_id', 'calendar.txt or calendar_dates.txt') ??
      (ids.shapes.size > 0 ? known(ids.shapes, row.shape_id, 'shape_id', 'shapes.txt') : null) ??
      unique(ids.trips, String(row.trip_id), 'trip_id'),
  },
  {
    file: 'stop_times.txt',
    table: 'stop_times',
    required: true,
    columns: [
      { gtfs: 'trip_id', kind: 'text', required: true },
      { gtfs: 'stop_sequence', kind: 'int', required: true },
      { gtfs: 'stop_id', kind: 'text', required: true },
      { gtfs: 'arrival_time', db: 'arrival_secs', kind: 'time', fallback: null },
      { gtfs: 'departure_time', db: 'departure_secs', kind: 'time', fallback: null },
    ],
    check: (row, ids) => {
      // One of the two times alone stands for both (common in hand-written feeds).
      if (row.arrival_secs === null) row.arrival_secs = row.departure_secs;
      if (row.departure_secs === null) row.departure_secs = row.arrival_secs;
      if (row.arrival_secs !== null && Number(row.departure_secs) < Number(row.arrival_secs)) return 'departure_time is before arrival_time';
      return known(ids.trips, row.trip_id, 'trip_id', 'trips.txt') ?? known(ids.stops, row.stop_id, 'stop_id', 'stops.txt');
    },
  },
  {
    file: 'frequencies.txt',
    table: 'frequencies',
    required: false,
    columns: [
      { gtfs: 'trip_id', kind: 'text', required: true },
      { gtfs: 'start_time', db: 'start_secs', kind: 'time', required: true },
      { gtfs: 'end_time', db: 'end_secs', kind: 'time', required: true },
      { gtfs: 'headway_secs', kind: 'int', required: true },
      { gtfs: 'exact_times', kind: 'flag', fallback: 0 },
    ],
    check: (row, ids) => {
      if (Number(row.headway_secs) <= 0) return 'headway_secs must be above 0';
      if (Number(row.end_secs) <= Number(row.start_secs)) return 'end_time must be after start_time';
      return known(ids.trips, row.trip_id, 'trip_id', 'trips.txt');
    },
  },
  {
    file: 'transfers.txt',
    table: 'transfers',
    required: false,
    columns: [
      { gtfs: 'from_stop_id', kind: 'text', required: true },
      { gtfs: 'to_stop_id', kind: 'text', required: true },
      { gtfs: 'transfer_type', kind: 'int', fallback: 0 },
      { gtfs: 'min_transfer_time', kind: 'int', fallback: null },
    ],
    check: (row, ids) => known(ids.stops, row.from_stop_id, 'from_stop_id', 'stops.txt') ?? known(ids.stops, row.to_stop_id, 'to_stop_id', 'stops.txt'),
  },
  {
    // The current GTFS form (table_name, field_name, language, translation, record_id | field_value). Rows are kept as
    // they are; a reader looks a name up by record_id, or by the untranslated value (field_value).
    file: 'translations.txt',
    table: 'translations',
    required: false,
    columns: [
      { gtfs: 'table_name', kind: 'text', required: true },
      { gtfs: 'field_name', kind: 'text', required: true },
      { gtfs: 'language', kind: 'text', required: true },
      { gtfs: 'translation', kind: 'text', required: true },
      { gtfs: 'record_id', kind: 'text', fallback: null },
      { gtfs: 'record_sub_id', kind: 'text', fallback: null },
      { gtfs: 'field_value', kind: 'text', fallback: null },
    ],
    check: (row, ids) => {
      const table = String(row.table_name);
      if (!TRANSLATABLE_TABLES.has(table)) return `table_name "${table}" is not a GTFS table that can be translated`;
      if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(String(row.language))) return `language "${row.language}" is not a language code`;
      if (row.record_id !== null && row.field_value !== null) return 'give record_id or field_value, not both';
      if (table !== 'feed_info' && row.record_id === null && row.field_value === null) return 'record_id or field_value is required';
      if (row.record_id === null) return null;
      if (table === 'stops') return known(ids.stops, row.record_id, 'record_id', 'stops.txt');
      if (table === 'routes') return known(ids.routes, row.record_id, 'record_id', 'routes.txt');
      if (table === 'trips' || table === 'stop_times') return known(ids.trips, row.record_id, 'record_id', 'trips.txt');
      if (table === 'agency') return known(ids.agencies, row.record_id, 'record_id', 'agency.txt');
      return null;
    },
  },
];

const TRANSLATABLE_TABLES = new Set(['agency', 'stops', 'routes', 'trips', 'stop_times', 'pathways', 'levels', 'feed_info', 'attributions']);

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function validDate(v: string): boolean {
  if (!/^\d{8}$/.test(v)) return false;
  const y = Number(v.slice(0, 4));
  const m = Number(v.slice(4, 6));
  const d = Number(v.slice(6, 8));
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** What is wrong with a field (returned, not thrown, by `convertValue`). */
export class FieldProblem {
  constructor(readonly message: string) {}
}

const INT = /^-?\d{1,9}$/;
const FLOAT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * Converts one field: the value (a number for int, flag, exception and time; the checked text for float and the
 * rest), or a FieldProblem saying what is wrong. Allocates nothing for a good value (the importer calls it for every
 * field of millions of rows).
 */
export function convertValue(col: Column, raw: string | undefined): string | number | null | FieldProblem {
  const v = raw === undefined ? '' : raw.trim();
  if (v === '') {
    if (col.required) return new FieldProblem(`${col.gtfs} is required`);
    return col.fallback ?? null;
  }
  switch (col.kind) {
    case 'text':
      return v;
    case 'int':
      return INT.test(v) ? Number(v) : new FieldProblem(`${col.gtfs} "${v}" is not a whole number`);
    case 'float':
      // Kept as the feed's text once checked: the database reads the same double from it, and a big city's millions of
      // coordinates are not turned into numbers and back into text for COPY.
      return FLOAT.test(v) && Number.isFinite(Number(v)) ? v : new FieldProblem(`${col.gtfs} "${v}" is not a number`);
    case 'time': {
      const secs = parseGtfsTime(v);
      return secs === null ? new FieldProblem(`${col.gtfs} "${v}" is not a time (HH:MM:SS)`) : secs;
    }
    case 'date':
      return validDate(v) ? v : new FieldProblem(`${col.gtfs} "${v}" is not a date (YYYYMMDD)`);
    case 'flag':
      return v === '0' || v === '1' ? Number(v) : new FieldProblem(`${col.gtfs} "${v}" must be 0 or 1`);
    case 'exception':
      return v === '1' || v === '2' ? Number(v) : new FieldProblem(`${col.gtfs} "${v}" must be 1 (added) or 2 (removed)`);
    case 'timezone':
      return validTimeZone(v) ? v : new FieldProblem(`${col.gtfs} "${v}" is not a known time zone`);
  }
}

/** Converts one field; returns the value or a sentence saying what is wrong. */
export function convertField(col: Column, raw: string | undefined): { value: string | number | null } | { error: string } {
  const r = convertValue(col, raw);
  return r instanceof FieldProblem ? { error: r.message } : { value: r };
}
