import fs from 'node:fs';
import path from 'node:path';
import { ROUNDING_LOGICS, type FareTable } from '@sawari/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { TicketStore, type InstantFareRow } from './store';

export interface FaresFile {
  cities: Record<string, { tables: FareTable[]; instantFares: InstantFareRow[] }>;
}

const paise = z.number().int().positive();
const passengerRule = z.object({ name: z.string().min(1), percent: z.number().int().min(0).max(100) });
const fareTableSchema = z.object({
  agency: z.string().min(1),
  maxPassengers: z.number().int().min(1).max(10),
  roundingLogic: z.enum(ROUNDING_LOGICS),
  rule: z.discriminatedUnion('model', [
    z.object({
      model: z.literal('stage'),
      stageMeters: z.number().int().positive(),
      minimumFarePaise: paise,
      minimumStages: z.number().int().min(1),
      perStagePaise: z.number().int().nonnegative(),
      maxFarePaise: paise.nullish(),
    }),
    z.object({ model: z.literal('flat'), farePaise: paise }),
  ]),
  passengerTypes: z.object({ adult: passengerRule, child: passengerRule, senior: passengerRule }),
  terms: z
    .object({ singleJourney: z.array(z.string().min(1)), multiRoute: z.array(z.string().min(1)), instant: z.array(z.string().min(1)) })
    .partial()
    .optional(),
});
const faresFileSchema = z.object({
  cities: z.record(
    z.string(),
    z.object({
      tables: z.array(fareTableSchema),
      instantFares: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), agency: z.string().min(1), farePaise: paise })),
    }),
  ),
});

/** Reads and checks api/data/tickets/fares.json (a bad edit fails the start with zod's message, not a wrong fare). */
export function readFaresFile(dataDir: string): FaresFile {
  return faresFileSchema.parse(JSON.parse(fs.readFileSync(path.join(dataDir, 'tickets', 'fares.json'), 'utf8'))) as FaresFile;
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
