import type { Db } from '../../platform/db';

export interface TerminalRow {
  cityId: string;
  product: string;
  terminalId: string;
  place: string;
  counter: string;
  pairs: { routeId: string; stopId: string }[];
}

/** SQL for the airport boards' terminal config. No HTTP here. */
export class AirportStore {
  constructor(private readonly db: Db) {}

  async terminal(product: string, terminalId: string): Promise<TerminalRow | null> {
    const t = await this.db.query<{ city_id: string; place: string; counter: string }>(
      'SELECT city_id, place, counter FROM airport_terminals WHERE product = $1 AND terminal_id = $2',
      [product, terminalId],
    );
    if (!t.rows[0]) return null;
    const p = await this.db.query<{ route_id: string; stop_id: string }>(
      'SELECT route_id, stop_id FROM airport_terminal_pairs WHERE product = $1 AND terminal_id = $2 ORDER BY position',
      [product, terminalId],
    );
    const { city_id, place, counter } = t.rows[0];
    return { cityId: city_id, product, terminalId, place, counter, pairs: p.rows.map((r) => ({ routeId: r.route_id, stopId: r.stop_id })) };
  }

  /** Creates or replaces a terminal's config and its pairs (in the caller's transaction when given one). */
  async saveTerminal(t: TerminalRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO airport_terminals (city_id, product, terminal_id, place, counter) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (product, terminal_id) DO UPDATE SET city_id = EXCLUDED.city_id, place = EXCLUDED.place, counter = EXCLUDED.counter`,
        [t.cityId, t.product, t.terminalId, t.place, t.counter],
      );
      await tx.query('DELETE FROM airport_terminal_pairs WHERE product = $1 AND terminal_id = $2', [t.product, t.terminalId]);
      for (const [i, p] of t.pairs.entries()) {
        await tx.query('INSERT INTO airport_terminal_pairs (city_id, product, terminal_id, position, route_id, stop_id) VALUES ($1, $2, $3, $4, $5, $6)', [
          t.cityId,
          t.product,
          t.terminalId,
          i + 1,
          p.routeId,
          p.stopId,
        ]);
      }
    });
  }
}
