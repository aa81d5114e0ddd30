// The cards API as these screens call it (docs/cards.md). Types from @sawari/contracts (type-only: no zod in the
// bundle). A full card number is only ever sent in the link request's body.
import { api } from '@sawari/runtime';
import type { CardHistory, CardRechargeOrder, EligibilityResponse, LinkedCard } from '@sawari/contracts';
import type { CardKind } from '@sawari/domain';

const card = (ref: string) => `/cards/v1/cards/${encodeURIComponent(ref)}`;
const order = (id: string) => `/cards/v1/recharges/${encodeURIComponent(id)}`;

export const cardsApi = {
  list: () => api.get<{ cards: LinkedCard[] }>('/cards/v1/cards'),
  info: (ref: string) => api.get<LinkedCard>(card(ref)),
  link: (kind: CardKind, cardNumber: string, name: string) => api.post<LinkedCard>('/cards/v1/cards', { kind, cardNumber, name }),
  rename: (ref: string, name: string) => api.put<LinkedCard>(card(ref), { name }),
  unlink: (ref: string) => api.delete<void>(card(ref)),
  eligibility: (ref: string, amountPaise: number) => api.post<EligibilityResponse>(`${card(ref)}/eligibility`, { amountPaise }),
  history: (ref: string, pageIndex: number, pageSize: number) =>
    api.get<CardHistory>(`${card(ref)}/history`, { params: { PageIndex: String(pageIndex), PageSize: String(pageSize) } }),
  /** `key` (the idempotency-key header): the same key answers the same order, so a retry or a double tap makes one. */
  recharge: (ref: string, amountPaise: number, city: string, key: string) =>
    api.post<CardRechargeOrder>('/cards/v1/recharges', { cardRef: ref, amountPaise, city }, { extraHeaders: { 'idempotency-key': key } }),
  order: (id: string) => api.get<CardRechargeOrder>(order(id)),
  transfer: (id: string) => api.post<CardRechargeOrder>(`${order(id)}/offline-recharge`, {}),
  confirm: (id: string) =>
    api.get<{ orderId: string; status: string; written: boolean; writtenAt: number | null; chipBalancePaise: number; chipSeenAt: number | null }>(
      `${order(id)}/offline-recharge/confirm`,
    ),
};
