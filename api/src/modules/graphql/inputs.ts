import { ApiError } from '../../platform/errors';

/**
 * Checks of GraphQL arguments beyond their GraphQL types. A bad value is a BAD_USER_INPUT error naming the argument;
 * limits above their cap are lowered to the cap (a client asking for too much still gets an answer).
 */
export const badInput = (message: string) => new ApiError(400, 'BAD_USER_INPUT', message);

export const MAX_LIMIT = 100;
export const MAX_RADIUS_METERS = 5000;
export const MAX_QUERY_LENGTH = 100;
const MAX_ID_LENGTH = 200;

export function cityArg(v: string): string {
  if (!/^[a-z0-9-]{1,40}$/.test(v)) throw badInput('Argument "city" must be a city id: 1 to 40 lower-case letters, digits and dashes.');
  return v;
}

export function idArg(v: string, name: string): string {
  // eslint-disable-next-line no-control-regex
  if (v.length === 0 || v.length > MAX_ID_LENGTH || /[\u0000-\u001f\u007f]/.test(v))
    throw badInput(`Argument "${name}" must be an id of 1 to ${MAX_ID_LENGTH} characters.`);
  return v;
}

export function limitArg(v: number | null | undefined, fallback: number, name = 'limit'): number {
  if (v === null || v === undefined) return fallback;
  if (v < 1) throw badInput(`Argument "${name}" must be at least 1.`);
  return Math.min(v, MAX_LIMIT);
}

/** Search paging: results to skip, 0 to MAX_SEARCH_OFFSET (deep pages of a name search are no use to a rider). */
export const MAX_SEARCH_OFFSET = 1000;
export function offsetArg(v: number | null | undefined): number {
  if (v === null || v === undefined) return 0;
  if (v < 0 || v > MAX_SEARCH_OFFSET) throw badInput(`Argument "offset" must be 0 to ${MAX_SEARCH_OFFSET}.`);
  return v;
}

export function queryArg(v: string): string {
  if (v.length > MAX_QUERY_LENGTH) throw badInput(`Argument "query" must be at most ${MAX_QUERY_LENGTH} characters.`);
  return v;
}

export function latArg(v: number, name = 'lat'): number {
  if (!Number.isFinite(v) || v < -90 || v > 90) throw badInput(`Argument "${name}" must be a latitude between -90 and 90.`);
  return v;
}

export function lonArg(v: number, name = 'lon'): number {
  if (!Number.isFinite(v) || v < -180 || v > 180) throw badInput(`Argument "${name}" must be a longitude between -180 and 180.`);
  return v;
}

export function radiusArg(v: number | null | undefined): number {
  if (v === null || v === undefined) return 1000;
  if (v < 1) throw badInput('Argument "radiusMeters" must be at least 1.');
  return Math.min(v, MAX_RADIUS_METERS);
}

export function dateArg(v: string | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  const ok =
    m &&
    (() => {
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    })();
  if (!ok) throw badInput('Argument "date" must be a date written YYYYMMDD.');
  return v;
}
