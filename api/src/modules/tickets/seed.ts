import fs from 'node:fs';
import path from 'node:path';
import type { FareTable } from '@sawari/domain';
import type { Db } from '../../platform/db';
import { TicketStore, type InstantFareRow } from './store';

export interface FaresFile { cities: Record<string, { tables: FareTable[]; instantFares: InstantFareRow[] }> }

export function readFaresFile(dataDir: string): FaresFile {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'tickets', 'fares.json'), 'utf8')) as FaresFile;
}

/** The project's fare tables (api/data/tickets/fares.json) for cities that exist; tables and fares already there are kept. */
export async function seedTicketFares(db: Db, dataDir: string): Promise<void> {
  const file = readFaresFile(dataDir);
  const store = new TicketStore(db);
  const known = new Set((await db.query<{ id: string }>('SELECT id FROM cities WHERE id = ANY($1::text[])', [Object.keys(file.cities)])).rows.map((r) => r.id));
  for (const [city, c] of Object.entries(file.cities)) {
    if (!known.has(city)) continue;
    for (const t of c.tables) await store.addFareTable(city, t);
    for (const [i, f] of c.instantFares.entries()) await store.addInstantFare(city, f, i);
  }
}
