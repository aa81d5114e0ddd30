import type { LinkedCard } from '@sawari/contracts';
import { routeHarness } from '../../testing/route-harness';
import { cardRiderRoutes } from './routes';
import type { CardService } from './service';

const card: LinkedCard = {
  cardRef: 'crd_AAAAAAAAAAAAAAAAAAAAAA',
  kind: 'ncmc',
  name: 'My card',
  maskedNumber: 'XXXX XXXX XXXX 1234',
  last4: '1234',
  status: 'ACTIVE',
  validThru: '12/30',
  expired: false,
  chipBalancePaise: 5000,
  chipSeenAt: null,
  pendingPaise: 0,
  stagedPaise: 0,
  limitPaise: 200000,
  maxRechargePaise: 195000,
  linkedAt: 1,
};

describe('cards routes: typed by their schemas, answers serialised by them', () => {
  it('the full card number or a token a service returns by mistake is not sent', async () => {
    const seen: string[] = [];
    const service = {
      list: async () => ({ cards: [{ ...card, cardNumber: '4111111111111234', issuerToken: 'tok_1' }] }),
      info: async (_user: string, ref: string) => (seen.push(ref), { ...card, cardNumber: '4111111111111234' }),
    } as unknown as CardService;
    const { app, headers } = await routeHarness((a, guard) => a.register(cardRiderRoutes, { service, guard }));
    try {
      const list = await app.inject({ url: '/api/cards/v1/cards', headers });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('4111111111111234');
      expect(list.json()).toEqual({ cards: [card] });
      const one = await app.inject({ url: `/api/cards/v1/cards/${card.cardRef}`, headers });
      expect(one.json()).toEqual(card);
      expect(seen).toEqual([card.cardRef]);
      const bad = await app.inject({ url: '/api/cards/v1/cards/4111111111111234', headers });
      expect(bad.statusCode).toBe(400);
      expect(seen).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
