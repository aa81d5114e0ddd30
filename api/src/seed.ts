import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './platform/db';
import { importGtfs, type ImportResult } from './modules/transit/importer/import';
import { AirportStore } from './modules/airport/store';
import { CityConfigStore, type CityRow } from './modules/config/store';
import { OfferStore, type TrialOfferRow } from './modules/offers/store';
import { TransitReadStore, type PlaceRow } from './modules/transit/store';
import { seedPassCatalogue } from './modules/passes/seed';
import { seedTicketFares } from './modules/tickets/seed';
import { seedReservationLines } from './modules/reservations/seed';

/** The project's own demo data: the Mumbai Airport Express feed and its two terminals' board config. */
export const DEMO_DATA_DIR = path.resolve(__dirname, '../data');

interface BoardsFile {
  city: { id: string; name: string; timeZone: string };
  feed: string;
  terminals: { product: string; terminalId: string; place: string; counter: string; pairs: { routeId: string; stopId: string }[] }[];
}

export function readBoardsFile(dataDir = DEMO_DATA_DIR): BoardsFile & { feedPath: string } {
  const file = JSON.parse(fs.readFileSync(path.join(dataDir, 'airport', 'boards.json'), 'utf8')) as BoardsFile;
  return { ...file, feedPath: path.join(dataDir, file.feed) };
}

/**
 * What the demo feed's files say, as `sha256=<16 hex>` over their names and bytes (a folder of .txt files, or one
 * file). Kept in `feeds.source` after the feed's path, so a data folder made before the project's demo feed changed
 * (routes added, times moved) imports the new one on its next start instead of serving the old one forever.
 */
export function feedFingerprint(feedPath: string): string {
  const hash = createHash('sha256');
  const files = fs.statSync(feedPath).isDirectory()
    ? fs
        .readdirSync(feedPath)
        .filter((name) => name.endsWith('.txt'))
        .sort()
        .map((name) => path.join(feedPath, name))
    : [feedPath];
  for (const file of files)
    hash
      .update(`${path.basename(file)}\0`)
      .update(fs.readFileSync(file))
      .update('\0');
  return `sha256=${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Seeds the demo city when it has no current feed or the project's demo feed changed since it was imported (see
 * feedFingerprint), and each demo terminal when it has no config. Idempotent, and safe when several instances start
 * together (one transaction under an advisory lock). Returns the import, if any.
 */
export async function seedDemoData(db: Db, dataDir = DEMO_DATA_DIR): Promise<ImportResult | null> {
  const demo = readBoardsFile(dataDir);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sawari:seed:' || current_schema()))`);
    await tx.query('INSERT INTO cities (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      demo.city.id,
      demo.city.name,
      demo.city.timeZone,
    ]);
    const fingerprint = feedFingerprint(demo.feedPath);
    const current = await tx.query<{ source: string }>('SELECT source FROM feeds WHERE city_id = $1 AND is_current', [demo.city.id]);
    const upToDate = current.rows[0]?.source.endsWith(`#${fingerprint}`) ?? false;
    const imported = upToDate ? null : await importGtfs(tx, demo.feedPath, { cityId: demo.city.id });
    if (imported) await tx.query('UPDATE feeds SET source = $2 WHERE id = $1', [imported.feedId, `${demo.feedPath}#${fingerprint}`]);
    const store = new AirportStore(tx);
    for (const t of demo.terminals) {
      if (await store.terminal(t.product, t.terminalId)) continue;
      await store.saveTerminal({ cityId: demo.city.id, ...t });
    }
    await seedCityConfig(tx, dataDir);
    return imported;
  });
}

interface CitiesFile {
  cities: (CityRow & { timeZone: string })[];
  trialOffers: TrialOfferRow[];
}

export function readCitiesFile(dataDir = DEMO_DATA_DIR): CitiesFile {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'accounts', 'cities.json'), 'utf8')) as CitiesFile;
}

/**
 * The demo cities' configuration (features, home clusters) and one trial/welcome offer each for Mumbai and Kochi.
 * Fills in what is missing and leaves configured cities and existing offers alone, so it is safe to run every start.
 */
export async function seedCityConfig(db: Db, dataDir = DEMO_DATA_DIR): Promise<void> {
  const file = readCitiesFile(dataDir);
  const cities = new CityConfigStore(db);
  for (const c of file.cities) await cities.addCityConfig(c);
  const offers = new OfferStore(db);
  for (const o of file.trialOffers) await offers.addOffer(o);
  await seedPlaces(db, dataDir);
  await seedPassCatalogue(db, dataDir);
  await seedTicketFares(db, dataDir);
  await seedReservationLines(db, dataDir);
}

/** The project's own landmarks (api/data/transit/places.json) for cities that exist; existing places are kept. */
export async function seedPlaces(db: Db, dataDir = DEMO_DATA_DIR): Promise<void> {
  const file = JSON.parse(fs.readFileSync(path.join(dataDir, 'transit', 'places.json'), 'utf8')) as { cities: Record<string, PlaceRow[]> };
  const store = new TransitReadStore(db);
  const known = new Set((await db.query<{ id: string }>('SELECT id FROM cities WHERE id = ANY($1::text[])', [Object.keys(file.cities)])).rows.map((r) => r.id));
  for (const [cityId, places] of Object.entries(file.cities)) if (known.has(cityId)) await store.addPlaces(cityId, places);
}

/** A feed to import at start when its city has no current feed. */
export interface StartupFeed {
  cityId: string;
  path: string;
}

/**
 * `SAWARI_IMPORT_GTFS=kochi=../shared/data/kochi/gtfs.zip[,city=path...]` (paths relative to the working directory).
 * Returns the feeds, or throws with a sentence naming the bad entry.
 */
export function parseStartupFeeds(value: string | undefined, cwd = process.cwd()): StartupFeed[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const m = /^\s*([a-z0-9-]{1,40})=(.+?)\s*$/.exec(entry);
    if (!m) throw new Error(`SAWARI_IMPORT_GTFS: "${entry}" must be city=path (e.g. kochi=../shared/data/kochi/gtfs.zip)`);
    return { cityId: m[1], path: path.resolve(cwd, m[2]) };
  });
}

interface KnownFeed {
  name: string;
  attribution: string;
  redate: boolean;
}

export function readKnownFeeds(dataDir = DEMO_DATA_DIR): Record<string, KnownFeed> {
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'transit', 'feeds.json'), 'utf8')) as { feeds: Record<string, KnownFeed> }).feeds;
}

/**
 * Imports each startup feed whose file exists and whose city has no current feed, with the credit line and re-dating
 * of api/data/transit/feeds.json (an unknown city: no credit line, re-dated). A missing file is logged and skipped.
 * Under an advisory lock, so instances starting together import once.
 */
export async function importFeedsOnStart(
  db: Db,
  feeds: StartupFeed[],
  log?: { info(obj: object, msg: string): void },
  dataDir = DEMO_DATA_DIR,
  /** The server's clock: a re-dated feed covers its "today" (SAWARI_CLOCK_START moves it). */
  now: () => number = Date.now,
): Promise<ImportResult[]> {
  if (!feeds.length) return [];
  const known = readKnownFeeds(dataDir);
  const done: ImportResult[] = [];
  for (const f of feeds) {
    if (!fs.existsSync(f.path)) {
      log?.info({ city: f.cityId, path: f.path }, 'startup GTFS import skipped: the feed file is not there');
      continue;
    }
    const r = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sawari:startup-import:' || current_schema()))`);
      const current = await tx.query('SELECT 1 FROM feeds WHERE city_id = $1 AND is_current', [f.cityId]);
      if (current.rows.length) return null;
      const k = known[f.cityId];
      const started = Date.now();
      const imported = await importGtfs(tx, f.path, {
        cityId: f.cityId,
        cityName: k?.name,
        redate: k?.redate ?? true,
        attribution: k?.attribution,
        now: now(),
      });
      log?.info({ city: f.cityId, feedId: imported.feedId, ms: Date.now() - started, rows: imported.rows }, 'startup GTFS import done');
      return imported;
    });
    if (r) done.push(r);
  }
  return done;
}
