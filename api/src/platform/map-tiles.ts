// Map tile sources per city: a raster URL template (drawn from its own origin, which the page policy
// then allows) or a PMTiles file served here with HTTP range requests (our origin: the policy is not widened), each
// with its credit line. Configuration and routes; the format itself is in pmtiles.ts. See docs/transit.md "Maps".
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Readable } from 'node:stream';
import { apiErrorSchema } from '@sawari/contracts';
import { errorBody } from './errors';
import { drawableKind, readPmtilesAttribution, readPmtilesHeaderSync } from './pmtiles';
import { typed } from './schema';

export type MapSource =
  { kind: 'tiles'; template: string; attribution: string | null } | { kind: 'pmtiles'; file: string; vector: boolean; attribution: string | null };
/** By city id; `*` for every city without a source of its own. */
export type MapSources = Readonly<Record<string, MapSource>>;
export const EVERY_CITY = '*';

/** The environment variables (checked in buildMapSources, where each entry is reported on its own). */
export const mapVariables = {
  SAWARI_MAP_TILES: z.string().optional(),
  SAWARI_MAP_PMTILES: z.string().optional(),
  SAWARI_MAP_ATTRIBUTION: z.string().optional(),
};

const CITY_ID = /^[a-z0-9-]{1,40}$/;
const ENTRY = /^([a-z0-9-]{1,40}|\*)=([\s\S]*)$/;
const TEMPLATE = /^https?:\/\/[^/?#\s'";,]+\/[^\s'";,]*$/;
const MAX_CREDIT = 300;

/** `<value>` (every city) or `<city>=<value>` entries split by `separator`; `*` names every city. */
function entries(name: string, value: unknown, separator: string, problem: (m: string) => void): [string, string][] {
  const parts = String(value ?? '')
    .split(separator)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 1 && !ENTRY.test(parts[0])) return [[EVERY_CITY, parts[0]]];
  const out: [string, string][] = [];
  for (const part of parts) {
    const m = ENTRY.exec(part);
    if (!m || !m[2].trim()) problem(`${name}: "${part}" is not <city>=<value> (entries separated by "${separator}")`);
    else if (out.some(([k]) => k === m[1])) problem(`${name}: ${m[1]} is given twice`);
    else out.push([m[1], m[2].trim()]);
  }
  return out;
}

/**
 * SAWARI_MAP_TILES (raster URL templates), SAWARI_MAP_PMTILES (PMTiles files, checked now: readable, version 3, raster
 * or mvt tiles) and SAWARI_MAP_ATTRIBUTION (their credit lines, plain text), each `<value>` for every city or
 * `<city>=<value>` entries. Undefined when none is set (maps draw the built-in style).
 */
export function buildMapSources(e: Record<string, unknown>, problem: (m: string) => void): MapSources | undefined {
  const sources: Record<string, MapSource> = {};
  const add = (key: string, source: MapSource) => {
    if (sources[key]) problem(`SAWARI_MAP_TILES and SAWARI_MAP_PMTILES both give a map source for ${key}; keep one`);
    else sources[key] = source;
  };
  for (const [key, template] of entries('SAWARI_MAP_TILES', e.SAWARI_MAP_TILES, ',', problem)) {
    if (!TEMPLATE.test(template))
      problem('SAWARI_MAP_TILES must be an http(s) URL template such as https://tiles.example.org/{z}/{x}/{y}.png (a comma inside it written %2C)');
    else if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) problem('SAWARI_MAP_TILES must contain {z}, {x} and {y}');
    else add(key, { kind: 'tiles', template, attribution: null });
  }
  for (const [key, given] of entries('SAWARI_MAP_PMTILES', e.SAWARI_MAP_PMTILES, ',', problem)) {
    const file = path.resolve(given);
    try {
      const header = readPmtilesHeaderSync(file);
      const kind = drawableKind(header.tileType);
      if (!kind) problem(`SAWARI_MAP_PMTILES: ${file} holds ${header.tileType} tiles; only raster (png, jpeg, webp, avif) or mvt tiles are drawn`);
      else add(key, { kind: 'pmtiles', file, vector: kind === 'vector', attribution: null });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      problem(`SAWARI_MAP_PMTILES: ${file} ${code ? `cannot be read (${code})` : (err as Error).message}`);
    }
  }
  for (const [key, credit] of entries('SAWARI_MAP_ATTRIBUTION', e.SAWARI_MAP_ATTRIBUTION, '|', problem)) {
    const source = sources[key];
    if (!source) problem(`SAWARI_MAP_ATTRIBUTION: ${key} has no map source (SAWARI_MAP_TILES or SAWARI_MAP_PMTILES)`);
    else if (/[<>]/.test(credit) || credit.length > MAX_CREDIT)
      problem(`SAWARI_MAP_ATTRIBUTION: the credit line of ${key} must be plain text of at most ${MAX_CREDIT} characters`);
    else sources[key] = { ...source, attribution: credit };
  }
  return Object.keys(sources).length ? sources : undefined;
}

/** The city's own source, else the one for every city, else none. */
export const mapSourceFor = (sources: MapSources | undefined, city: string): MapSource | null => sources?.[city] ?? sources?.[EVERY_CITY] ?? null;

/** The origin of a map tile URL template, placeholders in the host included. */
export const mapTileOrigin = (template: string): string => new URL(template.replace(/\{[a-z]+\}/g, '0')).origin;

/** The origins the page policy must allow: those of the URL templates (PMTiles files are on our own origin). */
export const mapTileOrigins = (sources: MapSources | undefined): string[] => [
  ...new Set(Object.values(sources ?? {}).flatMap((s) => (s.kind === 'tiles' ? [mapTileOrigin(s.template)] : []))),
];

export type ByteRange = { start: number; end: number } | 'whole' | 'unsatisfiable';

/**
 * The part of a file of `size` bytes a request asks for (RFC 9110 §14): no Range, a unit other than bytes, or an
 * If-Range that is not the current ETag → the whole file; one `bytes=a-b`, `bytes=a-` or `bytes=-n` → that range
 * (its end clamped to the file); a malformed range, several ranges (not served: PMTiles readers ask one at a time) or
 * one starting past the end → unsatisfiable (416).
 */
export function byteRange(header: string | undefined, size: number, ifRange?: string, etag?: string): ByteRange {
  if (!header) return 'whole';
  if (ifRange !== undefined && ifRange !== etag) return 'whole';
  const unit = /^\s*([a-z]+)\s*=\s*(.*)$/i.exec(header);
  if (!unit) return 'unsatisfiable';
  if (unit[1].toLowerCase() !== 'bytes') return 'whole';
  const m = /^(\d{0,15})\s*-\s*(\d{0,15})$/.exec(unit[2].trim());
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return 'unsatisfiable';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  if (start >= size || last < start) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

const cityParams = z.object({ city: z.string().regex(CITY_ID, 'must be a city id (lower-case letters, digits and hyphens)') });
/** The file's bytes, streamed from disk as they are (a stream is never serialised). */
const fileBytes = z.custom<Readable>((v) => v instanceof Readable, 'must be a stream of the file');
const sourceResponse = z.object({
  tiles: z.string().nullable(),
  pmtiles: z.string().nullable(),
  /** The PMTiles file holds vector tiles (mvt), else raster images. */
  vector: z.boolean(),
  attribution: z.string().nullable(),
});

/** The file's own credit line, read again only when the file changes (size or time). */
const credits = new Map<string, { stamp: string; credit: Promise<string | null> }>();
async function fileCredit(file: string): Promise<string | null> {
  const st = await fs.promises.stat(file).catch(() => null);
  if (!st) return null;
  const stamp = `${st.size}-${st.mtimeMs}`;
  let c = credits.get(file);
  if (c?.stamp !== stamp) credits.set(file, (c = { stamp, credit: readPmtilesAttribution(file) }));
  return c.credit;
}

/**
 * GET /api/map-tiles?city= — the city's source: `{tiles, pmtiles, vector, attribution}` (nulls: the built-in style).
 * GET /api/map-tiles/:city.pmtiles — the city's PMTiles file, with range requests (206, 416), ETag and caching.
 */
export function registerMapTiles(app: FastifyInstance, sources: MapSources | undefined): void {
  const api = typed(app);
  api.get('/api/map-tiles', { schema: { querystring: cityParams, response: { 200: sourceResponse } } }, async (request) => {
    const { city } = request.query;
    const s = mapSourceFor(sources, city);
    if (!s) return { tiles: null, pmtiles: null, vector: false, attribution: null };
    if (s.kind === 'tiles') return { tiles: s.template, pmtiles: null, vector: false, attribution: s.attribution };
    return { tiles: null, pmtiles: `/api/map-tiles/${city}.pmtiles`, vector: s.vector, attribution: s.attribution ?? (await fileCredit(s.file)) };
  });

  api.get(
    '/api/map-tiles/:city.pmtiles',
    { schema: { params: cityParams, response: { 200: fileBytes, 206: fileBytes, 404: apiErrorSchema, 416: apiErrorSchema } } },
    async (request, reply) => {
      const { city } = request.params;
      const s = mapSourceFor(sources, city);
      const notFound = () => reply.code(404).send(errorBody('MAP_TILES_NOT_FOUND', `No map tile file is configured for ${city}.`));
      if (s?.kind !== 'pmtiles') return notFound();
      const st = await fs.promises.stat(s.file).catch((err: Error) => {
        request.log.error({ err, file: s.file }, 'map tiles: the configured PMTiles file cannot be read');
        return null;
      });
      if (!st) return notFound();
      const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      const ifRange = [request.headers['if-range']].flat()[0];
      const range = byteRange(request.headers.range, st.size, ifRange, etag);
      reply.header('accept-ranges', 'bytes').header('etag', etag).header('cache-control', 'public, max-age=3600');
      if (range === 'unsatisfiable')
        return reply
          .code(416)
          .header('content-range', `bytes */${st.size}`)
          .send(errorBody('RANGE_NOT_SATISFIABLE', `Ask for one byte range within the file's ${st.size} bytes, e.g. bytes=0-16383.`));
      reply.type('application/vnd.pmtiles');
      if (range === 'whole') return reply.header('content-length', st.size).send(fs.createReadStream(s.file));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(fs.createReadStream(s.file, { start: range.start, end: range.end }));
    },
  );
}
