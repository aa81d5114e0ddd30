import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db';
import type { BankOffer, CatalogueConfig } from './catalogue';
import { PassStore } from './store';

export interface CatalogueFile {
  cities: Record<string, CatalogueConfig[]>;
  bankOffers: BankOffer[];
}

export function readCatalogueFile(dataDir: string): CatalogueFile {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'passes', 'catalogue.json'), 'utf8')) as CatalogueFile;
}

/** The demo catalogue (api/data/passes/catalogue.json) for cities that exist; existing configs and offers are kept. */
export async function seedPassCatalogue(db: Db, dataDir: string): Promise<void> {
  const file = readCatalogueFile(dataDir);
  const store = new PassStore(db);
  const known = new Set((await db.query<{ id: string }>('SELECT id FROM cities WHERE id = ANY($1::text[])', [Object.keys(file.cities)])).rows.map((r) => r.id));
  for (const [city, configs] of Object.entries(file.cities)) {
    if (!known.has(city)) continue;
    for (const [i, c] of configs.entries()) await store.addConfig(city, c, i);
  }
  for (const o of file.bankOffers) if (known.has(o.city)) await store.addBankOffer(o);
}
