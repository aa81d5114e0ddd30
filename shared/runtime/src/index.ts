// @sawari/runtime: the federated singleton. Remotes always get the shell's copy (import:false), so everything here
// exists once per page. Keep it small: it ships on every screen, the kiosk boards included.
export { sawariStore } from './store';
export { serverNow, setServerTimeAnchor, learnServerTimeFromDateHeader, resetServerClock, CITY_TIME_ZONE } from './clock';
export { apiFetch, ApiRequestError, API_BASE, OFFLINE_MESSAGE, type ApiInit } from './api';
export {
  languageAtom,
  registerCatalogs,
  loadCatalog,
  useCatalog,
  SawariIntlProvider,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type Messages,
  type CatalogLoader,
} from './i18n';
export { BASE_PATH, appPath, matchPath } from './paths';
export { usePathname } from './routing';
