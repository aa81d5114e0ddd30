// The passes API as this remote calls it (through @sawari/runtime's `api`: token headers, refresh, errors).
import type { OfferScope } from '@sawari/domain';
import type { OrderStatus, PassOrder, PassOrderPayload, ProofUploadResponse } from '@sawari/contracts';
import { api, languageAtom, sawariStore } from '@sawari/runtime';
import { localisePass, localiseProduct, type Catalogue, type MyPass, type Product, type ProofKind, type UploadedProof } from './model';

const seg = encodeURIComponent;

/** One catalogue request per city and page visit at a time (several screens of one flow share it). */
// Products come in the rider's language (localiseProduct: the catalogue's own translations), so the cache is per language.
const catalogues = new Map<string, Promise<Catalogue>>();
const language = () => sawariStore.get(languageAtom);
export function loadCatalogue(city: string, force = false): Promise<Catalogue> {
  const key = `${city}|${language()}`;
  let p = catalogues.get(key);
  if (!p || force) {
    const lang = language();
    p = api.get<Catalogue>(`/passes/v3/cities/${seg(city)}/products`).then((c) => ({ ...c, products: c.products.map((x) => localiseProduct(x, lang)) }));
    p.catch(() => catalogues.delete(key));
    catalogues.set(key, p);
  }
  return p;
}
/** A product of the catalogue, from the catalogue already loaded when there is one. */
export async function loadProduct(city: string, configId: string): Promise<Product> {
  const c = await loadCatalogue(city);
  const found = c.products.find((p) => p.id === configId);
  if (found) return found;
  return localiseProduct(await api.get<Product>(`/passes/v3/cities/${seg(city)}/products/${seg(configId)}`), language());
}
export const forgetCatalogue = (city: string) => {
  for (const key of [...catalogues.keys()]) if (key.startsWith(`${city}|`)) catalogues.delete(key);
};

export type Profile = {
  userId: string;
  firstName: string;
  lastName: string;
  mailId: string | null;
  mobileNumber: string;
  gender: string | null;
  dobInMillis: number | null;
};
export const loadProfile = () => api.get<Profile>('/profile');
/** The rider's passes, in the rider's language (localisePass: from each city's catalogue, one request per city; a
 *  catalogue that cannot be read leaves the server's words). */
export async function loadMyPasses(): Promise<MyPass[]> {
  const { passes } = await api.get<{ passes: MyPass[] }>('/passes/mine');
  const lang = language();
  if (lang === 'en') return passes;
  const products = new Map<string, Promise<Product | null>>();
  const productOf = (p: MyPass) => {
    const key = `${p.city}|${p.configurationId}`;
    if (!products.has(key))
      products.set(
        key,
        loadProduct(p.city, p.configurationId).catch(() => null),
      );
    return products.get(key)!;
  };
  return Promise.all(passes.map(async (p) => localisePass(p, await productOf(p), lang)));
}
export const loadOpenOrders = () => api.get<{ orders: PassOrder[] }>('/passes/orders').then((r) => r.orders);
export const loadOrder = (transactionId: string, signal?: AbortSignal) => api.get<PassOrder>(`/passes/orders/${seg(transactionId)}`, { signal });
export const createOrder = (payload: PassOrderPayload) => api.post<PassOrder>('/passes/v3/orders', payload);
/** Payments' view of a pass order: PAYMENT_PROCESSING while a payment of it is under way (a pending UPI, a cash reference). */
export const loadPaymentStatus = (transactionId: string) => api.get<OrderStatus>(`/payments/orders/pass/${seg(transactionId)}/status`);
export const submitForVerification = (transactionId: string) => api.post<PassOrder>(`/passes/orders/${seg(transactionId)}/submit-for-verification`);
export const resubmit = (transactionId: string, action: 'REINITIATE' | 'REAPPLY', proofs?: { kind: ProofKind; fileId: string }[]) =>
  api.post<PassOrder>(`/passes/orders/${seg(transactionId)}/resubmit`, { action, ...(proofs?.length ? { proofs } : {}) });
export const renewPass = (passId: string, passStartDate: string) => api.post<PassOrder>(`/passes/${seg(passId)}/renew`, { passStartDate });

/** GET /api/offers/trial; appliesTo: the passes it is for (shared/domain OfferScope; {} = every pass). */
export type TrialOffer = {
  offerId: string;
  kind: 'welcome' | 'trial';
  title: string;
  description: string;
  validityDays: number;
  eligible: boolean;
  reason: string | null;
  claimed: boolean;
  appliesTo?: OfferScope;
};
export const loadTrialOffer = (city: string) => api.get<TrialOffer>('/offers/trial', { params: { city } });

/** Uploads one proof (multipart field `file`), reporting progress; answers what is kept of it. */
export async function uploadProof(
  file: File,
  kind: ProofKind,
  signal?: AbortSignal,
  onProgress?: (loaded: number, total: number) => void,
): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file, file.name);
  const r = await api.upload<ProofUploadResponse>('/passes/proofs', form, { signal, onProgress });
  return { kind, fileId: r.fileId, name: file.name, sizeBytes: r.sizeBytes, contentType: r.contentType };
}
