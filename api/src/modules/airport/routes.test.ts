import type { AirportBoardConfig } from '@sawari/contracts';
import { routeHarness } from '../../testing/route-harness';
import { airportRoutes } from './routes';
import type { AirportService } from './service';

describe('airport routes: answers through their response schemas', () => {
  it('a board config field added by mistake (top level or in a pair) is not sent', async () => {
    const config: AirportBoardConfig = {
      city: 'mumbai',
      product: 'airport-express',
      terminalId: 'T2',
      place: 'Arrival Hall',
      counter: 'Airport Express Counter',
      routeStopPairs: [{ routeId: 'AE-1', stopId: 'T2-BAY', destination: 'Vashi' }],
    };
    const service = {
      boardConfig: async () => ({ ...config, kioskKeys: ['secret'], routeStopPairs: config.routeStopPairs.map((p) => ({ ...p, internalRank: 3 })) }),
    } as unknown as AirportService;
    const { app } = await routeHarness((a) => a.register(airportRoutes, { service, kioskKeys: ['kiosk-key-0001'] }));
    try {
      const r = await app.inject({ url: '/api/airport/v1/boards/airport-express/T2', headers: { authorization: 'Kiosk kiosk-key-0001' } });
      expect(r.statusCode).toBe(200);
      expect(r.json()).not.toHaveProperty('kioskKeys');
      expect(r.json()).toEqual(config);
    } finally {
      await app.close();
    }
  });
});
