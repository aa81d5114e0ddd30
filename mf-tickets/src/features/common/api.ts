// The tickets and validation API as these screens call it (docs/tickets.md, docs/validation.md). Types from
// @sawari/contracts (type-only imports: no zod in the bundle).
import { api, APP_VERSION, deviceId } from '@sawari/runtime';
import type {
  FareResponse,
  InstantFaresResponse,
  MultiRouteFareResponse,
  PassengersInput,
  RideHistory,
  RideReceipt,
  RideSyncResponse,
  TicketOrder,
  ValidateFareResponse,
  WalletResponse,
} from '@sawari/contracts';

export type InstantFares = InstantFaresResponse;
type Leg = { routeId: string; fromStopId: string; toStopId: string };

const city = (c: string) => `/tickets/v1/cities/${encodeURIComponent(c)}`;
/**
 * An order request's idempotency key (scoped to the rider on the server: a retried or double-sent request for the same
 * ride answers the same order instead of making a second one; docs/money-integrity.md).
 */
const orderKey = (key?: string) => (key ? { extraHeaders: { 'idempotency-key': key } } : undefined);
/** A new key for one ride's order (crypto.randomUUID where there is one). */
export const newOrderKey = (): string => globalThis.crypto?.randomUUID?.() ?? `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const ticketsApi = {
  wallet: (c: string, signal?: AbortSignal) => api.get<WalletResponse>('/tickets/wallet', { params: { city: c }, signal }),
  /** Every city's items (the wallet groups them by city, the current one first). */
  walletAll: (signal?: AbortSignal) => api.get<WalletResponse>('/tickets/wallet', { signal }),
  fare: (c: string, leg: Leg, passengers: PassengersInput, signal?: AbortSignal) =>
    api.post<FareResponse>(`${city(c)}/fare`, { ...leg, passengers }, { signal }),
  validateFare: (c: string, leg: Leg, passengers: PassengersInput, farePaise: number) =>
    api.post<ValidateFareResponse>(`${city(c)}/validate-fare`, { ...leg, passengers, farePaise }),
  multiFare: (c: string, legs: Leg[], passengers: PassengersInput, signal?: AbortSignal) =>
    api.post<MultiRouteFareResponse>(`${city(c)}/multi-route-fare`, { legs, passengers }, { signal }),
  orderMulti: (c: string, legs: Leg[], passengers: PassengersInput, farePaise: number, key?: string) =>
    api.post<TicketOrder>(
      '/tickets/v1/orders',
      { kind: 'multiRoute', city: c, legs, passengers, farePaise, deviceId: deviceId(), appVer: APP_VERSION },
      orderKey(key),
    ),
  instantFares: (c: string) => api.get<InstantFares>(`${city(c)}/instant-fares`),
  orderSingle: (c: string, leg: Leg, passengers: PassengersInput, farePaise: number, key?: string) =>
    api.post<TicketOrder>(
      '/tickets/v1/orders',
      { kind: 'singleJourney', city: c, ...leg, passengers, farePaise, deviceId: deviceId(), appVer: APP_VERSION },
      orderKey(key),
    ),
  orderInstant: (c: string, instantFareId: string, passengerCount: number, farePaise: number, key?: string) =>
    api.post<TicketOrder>(
      '/tickets/v1/orders',
      { kind: 'instant', city: c, instantFareId, passengerCount, farePaise, deviceId: deviceId(), appVer: APP_VERSION },
      orderKey(key),
    ),
  order: (tx: string) => api.get<TicketOrder>(`/tickets/v1/orders/${encodeURIComponent(tx)}`),
  rides: (tx: string) => api.get<RideHistory>(`/validation/rides/${encodeURIComponent(tx)}`),
  receipt: (tx: string) => api.get<RideReceipt>(`/validation/receipts/${encodeURIComponent(tx)}`),
  sync: (punches: unknown[]) => api.post<RideSyncResponse>('/validation/rides/sync', { punches }),
  profile: () => api.get<{ firstName?: string | null; lastName?: string | null; mobileNumber?: string | null; mailId?: string | null }>('/profile'),
};
