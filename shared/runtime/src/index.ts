// @sawari/runtime: the federated singleton. Remotes always get the shell's copy (import:false), so everything here
// exists once per page. Keep it small: it ships on every screen, the kiosk boards included.
export { sawariStore } from './store';
export { serverNow, setServerTimeAnchor, learnServerTimeFromDateHeader, resetServerClock, CITY_TIME_ZONE } from './clock';
export { apiFetch, ApiRequestError, API_BASE, OFFLINE_MESSAGE, type ApiInit, type ResponseType } from './api';
export { api, sessionFetch, cancelAll, type GetOptions, type SendOptions, type UploadOptions, type SessionInit } from './client';
export {
  sessionAtom,
  sessionLoadedAtom,
  logoutAtom,
  loadSession,
  setSession,
  endSession,
  deviceId,
  SIGNED_OUT,
  SESSION_CHANNEL,
  type Session,
  type LogoutReason,
} from './session';
export { noticeAtom, showNotice, handleApiError, CREATE_PROFILE_PATH, type Notice } from './notices';
export {
  languageAtom,
  registerCatalogs,
  defineCatalogs,
  LANGUAGE_CODES,
  loadCatalog,
  useCatalog,
  SawariIntlProvider,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type Messages,
  type CatalogLoader,
} from './i18n';
export { BASE_PATH, appPath, matchPath } from './paths';
export {
  cityAtom,
  homeClusterAtom,
  cityConfigAtom,
  citiesStateAtom,
  localisedCitiesAtom,
  cityInLanguage,
  useCityConfig,
  isFeatureEnabled,
  loadCities,
  fetchCities,
  nearestCity,
  CITY_STORAGE_KEY,
  CITIES_CACHE_KEY,
  CITY_CONFIG_TTL_MS,
  type CityConfig,
  type CityFeature,
  type CitiesData,
  type CitiesState,
} from './city';
export { APP_VERSION, APP_VERSION_NUMBER } from './app-version';
export { persistedAtom, readStored, sessionJsonAtom, writeStored, type SessionJson } from './storage';
export { usePathname } from './routing';
export { checkoutPath, checkoutReturnPath, checkoutKindText, isCheckoutProductType, type CheckoutProductType, type ReturnPathFields } from './checkout';
export { deployedRemotesAtom, setDeployedRemotes, deployedRemotes, isServed, homeTiles, checkoutKinds, localised } from './remotes';
export type { RemoteManifest, RemoteEntry, HomeTile, CheckoutKind, LocalisedText, LanguageCode } from './manifest';
