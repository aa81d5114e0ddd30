import { get, set } from 'idb-keyval';
import type { AirportBoardConfig, TripTimingsResponse } from '@sawari/contracts';

/** The last good answer of a board, kept in IndexedDB so an offline visit still shows it (with its age). */
export type CachedBoard = { config: AirportBoardConfig; timings: TripTimingsResponse | null; updatedAt: number | null };

const key = (product: string, terminalId: string) => `sawari.airport.board.${product}.${terminalId}`;

export async function readCachedBoard(product: string, terminalId: string): Promise<CachedBoard | undefined> {
  try {
    return await get<CachedBoard>(key(product, terminalId));
  } catch {
    return undefined; // IndexedDB unavailable: the board just works online
  }
}

export async function writeCachedBoard(product: string, terminalId: string, value: CachedBoard): Promise<void> {
  try {
    await set(key(product, terminalId), value);
  } catch {
    // best effort
  }
}
