// premiumTicketPurchaseUsingPass: the passes module's issued passes as the engine's PremiumPassSource. Structural over
// the passes store (pass by id, the rider's passes in a city, the catalogue config), so neither module imports the
// other's internals; wired by the composition root.
import type { PremiumPassSource } from './service';

interface PassLike {
  id: string;
  userId: string;
  city: string;
  configId: string;
  status: string;
  startTime: number;
  expiryTime: number;
  record: Record<string, unknown>;
}
interface PassStoreLike {
  pass(id: string): Promise<PassLike | null>;
  passesIn(userId: string, city: string): Promise<PassLike[]>;
  config(city: string, id: string): Promise<{ name: string; serviceType: string; maxTripsPerDay?: number } | null>;
}

/** A pass counts when it is issued (SUCCESS), valid now, and its product's serviceType is PREMIUM (spec §3). */
export function premiumPassSource(store: PassStoreLike): PremiumPassSource {
  const premium = async (p: PassLike | null, userId: string, now: number) => {
    if (!p || p.userId !== userId || p.status !== 'SUCCESS' || now < p.startTime || now >= p.expiryTime) return null;
    const c = await store.config(p.city, p.configId);
    if (!c || c.serviceType !== 'PREMIUM') return null;
    const trips = typeof p.record.maxTripsPerDay === 'number' ? p.record.maxTripsPerDay : (c.maxTripsPerDay ?? -1);
    return { passId: p.id, city: p.city, name: c.name, maxTripsPerDay: trips, validUntil: p.expiryTime };
  };
  return {
    premiumPass: async (userId, passId, now) => premium(await store.pass(passId), userId, now),
    premiumPasses: async (userId, city, now) => {
      const out = [];
      for (const p of await store.passesIn(userId, city)) {
        const x = await premium(p, userId, now);
        if (x) out.push(x);
      }
      return out;
    },
  };
}
