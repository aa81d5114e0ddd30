import { myPassesResponseSchema, type MyPass, type PassCatalogue } from '@sawari/contracts';
import { MemoryFileStorage } from '../files';
import { routeHarness } from '../../testing/route-harness';
import { startTestServer } from '../../testing/test-server';
import { passRoutes } from './routes';
import type { PassOrderService } from './service';

const pass: MyPass = {
  passId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  transactionId: 'PASS_1',
  configurationId: 'mum-general',
  productType: 'pass',
  productSubType: null,
  city: 'mumbai',
  agency: 'BEST',
  categoryId: 'adult',
  categoryName: 'Adult',
  fmId: 'fm-7',
  fare: 50000,
  discountedFare: 45000,
  numOfDays: 7,
  passStartDate: '2026-11-25',
  startTime: 1,
  expiryTime: 2,
  bookingTime: 1,
  maxTripsPerDay: null,
  activeDuration: null,
  fareInfo: { actualFare: 50000, discountedFare: 45000, payableAmount: 45000, fareBreakup: [{ name: 'Pass price', value: 50000 }] },
  specialFeatures: ['AC'],
  conditions: ['Valid on BEST buses'],
  status: 'SUCCESS',
  statusLabel: 'valid till 1 Dec, 11:59 PM',
  isRenewable: true,
};

describe('passes routes: answers through their response schemas', () => {
  it("the stored record's proofs, internal fare fields and any field added by mistake are not sent", async () => {
    // What issueIn stores in a pass record beyond the rider's view: the proof file ids and the quote's internals.
    const stored = {
      ...pass,
      proofs: [{ kind: 'ID_PROOF', fileId: 'f-1' }],
      punches: [],
      fareInfo: { ...pass.fareInfo, digitalOfferId: 'mumbai-welcome', proofRequired: true, isRenewable: true },
    };
    const catalogue: PassCatalogue = { city: 'mumbai', serverTime: 9, products: [] };
    const service = {
      mine: async () => ({ passes: [stored] }),
      catalogue: async () => ({ ...catalogue, internalNote: 'margin 12%' }),
    } as unknown as PassOrderService;
    const { app, headers } = await routeHarness((a, guard) => a.register(passRoutes, { service, guard, storage: new MemoryFileStorage(), now: Date.now }));
    try {
      const mine = await app.inject({ url: '/api/passes/mine', headers });
      expect(mine.statusCode).toBe(200);
      const got = mine.json().passes[0];
      expect(got).not.toHaveProperty('proofs');
      expect(got).not.toHaveProperty('punches');
      expect(got.fareInfo).not.toHaveProperty('digitalOfferId');
      expect(got).toEqual(pass);
      expect(myPassesResponseSchema.parse(mine.json())).toEqual({ passes: [pass] });

      const cat = await app.inject({ url: '/api/passes/v3/cities/mumbai/products', headers });
      expect(cat.statusCode).toBe(200);
      expect(cat.json()).toEqual(catalogue);
    } finally {
      await app.close();
    }
  });
});

describe('passes operator routes: keys from the config (OPS_KEYS through the settings, not process.env)', () => {
  it('the configured key is accepted, the development key is not once OPS_KEYS names others', async () => {
    const before = process.env.OPS_KEYS;
    delete process.env.OPS_KEYS; // the module used to read this itself (and fall back to the development key)
    const s = await startTestServer({ seed: false, config: { opsKeys: new Map([['asha-ops-key-0001', 'asha']]) } });
    try {
      const ok = await s.app.inject({ url: '/api/ops/verifications', headers: { authorization: 'Ops asha-ops-key-0001' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ verifications: [] });
      const dev = await s.app.inject({ url: '/api/ops/verifications', headers: { authorization: 'Ops sawari-dev-ops' } });
      expect(dev.statusCode).toBe(401);
      expect(dev.json()).toMatchObject({ code: 'OPS_UNAUTHENTICATED' });
    } finally {
      await s.cleanup();
      if (before !== undefined) process.env.OPS_KEYS = before;
    }
  });
});
