import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { ReservationStore } from './store';

const paise = z.number().int().positive();
const stop = z.object({
  stopId: z.string().regex(/^[A-Za-z0-9._-]{1,60}$/),
  name: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  offsetMin: z.number().int().min(0),
});
const lineSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/),
  product: z.enum(['PREMIUM', 'AIRPORT', 'EVENT']),
  code: z.string().min(1),
  name: z.string().min(1),
  busType: z.string().min(1),
  agency: z.string().min(1),
  capacity: z.number().int().min(1).max(200),
  description: z.string(),
  transitRouteId: z.string().nullable(),
  stops: z.array(stop).min(2),
  fares: z
    .array(z.object({ fromStopId: z.string(), toStopId: z.string(), fares: z.object({ adult: paise, child: paise.optional(), senior: paise.optional() }) }))
    .min(1),
  schedule: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('headway'),
      weekdays: z.array(z.number().int().min(0).max(6)).min(1),
      firstMin: z.number().int().min(0).max(1439),
      lastMin: z.number().int().min(0).max(1439),
      headwayMin: z.number().int().min(5).max(720),
      peak: z
        .object({
          weekdays: z.array(z.number().int().min(0).max(6)).min(1),
          fromMin: z.number().int().min(0).max(1440),
          toMin: z.number().int().min(0).max(1440),
          surchargePercent: z.number().int().min(1).max(200),
        })
        .optional(),
    }),
    z.object({ kind: z.literal('dates'), departures: z.array(z.string().regex(/^\d{12}$/)).min(1) }),
  ]),
  horizonDays: z.number().int().min(1).max(400),
});
const fileSchema = z.object({ city: z.string(), lines: z.array(lineSchema) });

/** The project's reserved-seat lines (api/data/reservations/lines.json); lines already in the database are kept. */
export async function seedReservationLines(db: Db, dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'reservations', 'lines.json');
  if (!fs.existsSync(file)) return;
  const data = fileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const city = await db.query('SELECT 1 FROM cities WHERE id = $1', [data.city]);
  if (!city.rows.length) return;
  const store = new ReservationStore(db);
  for (const l of data.lines) {
    for (const f of l.fares) {
      const fi = l.stops.findIndex((s) => s.stopId === f.fromStopId);
      const ti = l.stops.findIndex((s) => s.stopId === f.toStopId);
      if (fi < 0 || ti <= fi) throw new Error(`reservations/lines.json: ${l.id} sells ${f.fromStopId} → ${f.toStopId}, which it does not run`);
    }
    await store.addLine({ ...l, city: data.city });
  }
}
