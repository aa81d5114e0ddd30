/**
 * The wallet client library for the mf-tickets screens (docs/wallet-offline.md). Everything the UI needs is here;
 * the other exports of ./wallet-db are internals of the punch queue.
 *
 * Typical use:
 * - wallet: `listWalletItems(userId, city)` first (offline), then the API, then `putWalletItems(userId, city, items)`.
 * - QR: token from `getCachedPassData` (or POST /api/validation/tokens with `(await getDeviceKey()).publicKeyRaw`, then
 *   `putCachedPassData`), then `currentTicketCode(token, serverNow())` every 10 s (`nextChangeAt`).
 * - sound: `playSoundCode((now) => currentSoundPayload(token, now), { now: serverNow, onState })`.
 * - rides: `recordPunch(userId, {...})`, `startPunchSync(userId, (body) => api.post('/validation/rides/sync', body))`.
 * - logout: `clearRider(userId)`.
 */
export { getDeviceKey, type DeviceKey } from './keys';
export {
  WALLET_DB,
  WALLET_DB_VERSION,
  USER_CITY_INDEX,
  putWalletItems,
  listWalletItems,
  getWalletItem,
  putCachedPassData,
  getCachedPassData,
  putRideReceipt,
  getRideReceipt,
  setCurrentTransactionId,
  getCurrentTransactionId,
  getAuth,
  putAuth,
  updateAuth,
  type AuthRecord,
  queuedPunches,
  clearRider,
  closeWalletDb,
  type LocalPunch,
} from './wallet-db';
export {
  recordPunch,
  syncPunches,
  startPunchSync,
  listQueuedPunches,
  dismissRejectedPunch,
  SYNC_BATCH,
  SYNC_SEND_TIMEOUT_MS,
  type RecordPunchInput,
  type SendPunches,
  type SyncOutcome,
  type RideSyncAnswer,
  type RideSyncRequestBody,
} from './punch-queue';
export { currentTicketCode, currentSoundPayload, TicketCodeError, type CurrentTicketCode, type TicketCodeErrorCode } from './ticket-code';
export { playSoundCode, soundAvailable, type SoundPlayer, type SoundState, type PlaySoundOptions } from './sound-player';
