// Answers of the cards API for the component tests, typed by the contracts (the same shapes the API sends).
import type { CardHistory, CardRechargeOrder, EligibilityResponse, LinkedCard } from '@sawari/contracts';
import { ApiRequestError } from '@sawari/runtime';

export const SEEN = Date.parse('2026-11-27T09:30:00+05:30');

export function card(over: Partial<LinkedCard> = {}): LinkedCard {
  return {
    cardRef: 'crd_city1',
    kind: 'closedLoop',
    name: 'Office card',
    maskedNumber: '•••• •••• •••• 4321',
    last4: '4321',
    status: 'ACTIVE',
    validThru: '2030-12',
    expired: false,
    chipBalancePaise: 15_000,
    chipSeenAt: SEEN,
    pendingPaise: 0,
    stagedPaise: 0,
    limitPaise: 200_000,
    maxRechargePaise: 185_000,
    linkedAt: SEEN - 86_400_000,
    ...over,
  };
}

export const ncmc = (over: Partial<LinkedCard> = {}) =>
  card({ cardRef: 'crd_ncmc1', kind: 'ncmc', name: 'Metro card', maskedNumber: '•••• •••• •••• 0002', last4: '0002', ...over });

export function order(over: Partial<CardRechargeOrder> = {}): CardRechargeOrder {
  return {
    orderId: 'CRO-1',
    orderKind: 'cardRecharge',
    agency: 'CITYBUS',
    city: 'mumbai',
    cardRef: 'crd_city1',
    cardKind: 'closedLoop',
    cardName: 'Office card',
    maskedNumber: '•••• •••• •••• 4321',
    amountPaise: 30_000,
    feePaise: 0,
    payablePaise: 30_000,
    fareBreakup: [{ name: 'Recharge amount', value: 30_000 }],
    status: 'PENDING_ON_CARD',
    createdAt: SEEN,
    paidAt: SEEN + 60_000,
    writtenAt: null,
    refundedAt: null,
    ...over,
  };
}

export const ncmcOrder = (over: Partial<CardRechargeOrder> = {}) =>
  order({
    orderId: 'CRO-N1',
    orderKind: 'ncmcCardRecharge',
    cardRef: 'crd_ncmc1',
    cardKind: 'ncmc',
    cardName: 'Metro card',
    maskedNumber: '•••• •••• •••• 0002',
    amountPaise: 30_000,
    feePaise: 500,
    payablePaise: 30_500,
    fareBreakup: [
      { name: 'Recharge amount', value: 30_000 },
      { name: 'Card load fee', value: 500 },
    ],
    status: 'STAGED',
    ...over,
  });

export const eligible = (amountPaise: number): EligibilityResponse => ({
  eligible: true,
  reason: null,
  message: null,
  amountPaise,
  maxRechargePaise: 185_000,
  feePaise: 0,
  payablePaise: amountPaise,
});

export const history = (over: Partial<CardHistory> = {}): CardHistory => ({ card: card(), items: [], pageIndex: 0, pageSize: 20, hasMore: false, ...over });

/** An API refusal as the runtime's client throws it. */
export const refused = (status: number, code: string) => new ApiRequestError(status, code, `developer text for ${code}`);
/** The network gone. */
export const offline = () => new ApiRequestError(0, 'NETWORK_ERROR', 'Failed to fetch');
