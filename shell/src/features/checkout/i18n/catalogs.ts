// The checkout's messages (checkout.*), apart from the shell's: only a rider who pays downloads them, so /app's first
// visit carries none of their 9 KB (its first-load JavaScript budget, e2e home.spec.ts). The checkout's screens read
// them merged over the shell's own (common.*, …) through one provider (screens.tsx). Every catalog has exactly the keys
// of en.json (shell/src/i18n/catalogs.test.ts).
import { defineCatalogs, loadCatalog, type Messages } from '@sawari/runtime';
import { SHELL_CATALOG } from '../../../i18n/catalogs';

const unwrap = (m: { default: Messages } | Messages): Messages => ('default' in m && typeof m.default === 'object' ? m.default : (m as Messages));

export const CHECKOUT_CATALOG = defineCatalogs('shell-checkout', async (lang) => ({
  ...(await loadCatalog(SHELL_CATALOG, lang)),
  ...unwrap(await import(/* webpackChunkName: "i18n-checkout-[request]" */ `./${lang}.json`)),
}));
