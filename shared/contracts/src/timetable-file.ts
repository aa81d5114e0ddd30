import { z } from 'zod';

/**
 * GET /api/planner/timetable?city=&days= — the offline timetable file (shared/domain/src/planner/timetable-file.ts):
 * the city's day networks for `days` service days from today, binary, gzip when asked for. Its ETag is the feed
 * version and the file's SHA-256 (`"<feed version>.<sha-256 hex>"`), so a phone asks with If-None-Match and gets 304
 * until the feed or the days change; the hash is also the header below, which the phone checks the bytes against.
 */
export const timetableFileQuerySchema = z
  .object({
    city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id (lower-case letters, digits and hyphens)'),
    days: z.coerce.number().int().min(1).max(3).default(2),
  })
  .strict();
export type TimetableFileQuery = z.infer<typeof timetableFileQuerySchema>;

// The response headers (the file's SHA-256, its feed version): defined with the file format, which the browser's
// planner worker reads without this schema (zod stays out of the worker).
export { TIMETABLE_HASH_HEADER, TIMETABLE_VERSION_HEADER } from '@sawari/domain/src/planner/timetable-file';
