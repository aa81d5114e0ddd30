import { premiumPassSource } from './premium-pass';

const NOW = Date.UTC(2026, 10, 23, 3, 0);
const pass = (o: Record<string, unknown> = {}) => ({
  id: 'P1',
  userId: 'u1',
  city: 'mumbai',
  configId: 'mum-magic',
  status: 'SUCCESS',
  startTime: NOW - 1000,
  expiryTime: NOW + 86_400_000,
  record: {},
  ...o,
});

describe('premium pass source (passes store → engine)', () => {
  const configs: Record<string, { name: string; serviceType: string; maxTripsPerDay?: number }> = {
    'mum-magic': { name: 'Magic pass', serviceType: 'PREMIUM', maxTripsPerDay: -1 },
    'mum-general': { name: 'General pass', serviceType: 'REGULAR' },
  };
  const store = (passes: ReturnType<typeof pass>[]) => ({
    pass: async (id: string) => passes.find((p) => p.id === id) ?? null,
    passesIn: async (userId: string, city: string) => passes.filter((p) => p.userId === userId && p.city === city),
    config: async (_city: string, id: string) => configs[id] ?? null,
  });
  it('answers an issued, current PREMIUM pass of the rider, with its trips per day', async () => {
    const src = premiumPassSource(store([pass(), pass({ id: 'P2', record: { maxTripsPerDay: 2 } })]));
    expect(await src.premiumPass('u1', 'P1', NOW)).toEqual({
      passId: 'P1',
      city: 'mumbai',
      name: 'Magic pass',
      maxTripsPerDay: -1,
      validUntil: NOW + 86_400_000,
    });
    expect((await src.premiumPass('u1', 'P2', NOW))?.maxTripsPerDay).toBe(2);
    expect((await src.premiumPasses('u1', 'mumbai', NOW)).map((p) => p.passId)).toEqual(['P1', 'P2']);
  });
  it("refuses someone else's, not yet started, expired, not issued and non-premium passes", async () => {
    const src = premiumPassSource(
      store([
        pass(),
        pass({ id: 'G', configId: 'mum-general' }),
        pass({ id: 'F', startTime: NOW + 1 }),
        pass({ id: 'E', expiryTime: NOW }),
        pass({ id: 'U', status: 'UNVERIFIED' }),
      ]),
    );
    expect(await src.premiumPass('u2', 'P1', NOW)).toBeNull();
    for (const id of ['G', 'F', 'E', 'U', 'nope']) expect(await src.premiumPass('u1', id, NOW)).toBeNull();
    expect((await src.premiumPasses('u1', 'mumbai', NOW)).map((p) => p.passId)).toEqual(['P1']);
  });
});
