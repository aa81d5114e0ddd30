import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './platform/db';
import { importGtfs, type ImportResult } from './modules/transit/importer/import';
import { AirportStore } from './modules/airport/store';
import { CityConfigStore, type CityRow } from './modules/config/store';
import { OfferStore, type TrialOfferRow } from './modules/offers/store';

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
 * Seeds the demo city when it has no current feed, and each demo terminal when it has no config. Idempotent, and
 * safe when several instances start together (one transaction under an advisory lock). Returns the import, if any.
 */
export async function seedDemoData(db: Db, dataDir = DEMO_DATA_DIR): Promise<ImportResult | null> {
  const demo = readBoardsFile(dataDir);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sawari:seed:' || current_schema()))`);
    await tx.query('INSERT INTO cities (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [demo.city.id, demo.city.name, demo.city.timeZone]);
    const current = await tx.query('SELECT 1 FROM feeds WHERE city_id = $1 AND is_current', [demo.city.id]);
    const imported = current.rows.length ? null : await importGtfs(tx, demo.feedPath, { cityId: demo.city.id });
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
}
