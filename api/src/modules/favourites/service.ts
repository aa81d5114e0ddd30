import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Favourite, favouriteInputSchema } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { FavouriteStore } from './store';

export const MAX_FAVOURITES = 200;

/** Favourite stops, routes and trips of a rider. */
export class FavouriteService {
  constructor(
    private readonly store: FavouriteStore,
    private readonly now: Clock,
  ) {}

  async list(userId: string, q?: string): Promise<{ favourites: Favourite[] }> {
    return { favourites: await this.store.list(userId, q || undefined, MAX_FAVOURITES) };
  }

  /** Saving the same (kind, city, refId) again answers the saved one (label and detail refreshed), never a copy. */
  async save(userId: string, input: z.infer<typeof favouriteInputSchema>): Promise<{ favourite: Favourite; created: boolean }> {
    if ((await this.store.count(userId)) >= MAX_FAVOURITES && !(await this.store.exists(userId, input))) {
      throw new ApiError(409, 'FAVOURITES_FULL', `You can keep up to ${MAX_FAVOURITES} favourites. Remove one to add another.`);
    }
    return this.store.upsert(userId, { ...input, id: randomUUID(), createdAt: this.now() });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.store.delete(userId, id)))
      throw new ApiError(404, 'FAVOURITE_NOT_FOUND', 'This favourite is not in your list (it may have been removed already).');
  }
}
