// Component tests of the shell's screens (Testing Library, jsdom): a screen drawn with the shell's catalogue (English,
// or Hindi for the one check per screen), a signed-in or signed-out rider, and `t` to read the catalogue so a test
// asserts the state a screen is in, not its copy. Test-only: imported from tests, never from a screen.
import type { ReactElement } from 'react';
import { act, configure, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { IntlMessageFormat } from 'intl-messageformat';
import { Provider } from 'jotai';
import { SIGNED_OUT, sawariStore, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';
import checkoutEn from '../features/checkout/i18n/en.json';
import checkoutHi from '../features/checkout/i18n/hi.json';

// A loaded machine may take over a second to settle a screen: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

export type TestLanguage = 'en' | 'hi';
// The shell's catalogue and the checkout's own (features/checkout/i18n), merged as the checkout's screens read them.
const catalogs: Record<TestLanguage, Record<string, string>> = { en: { ...en, ...checkoutEn }, hi: { ...hi, ...checkoutHi } };

/** A catalogue entry of `lang` with its {placeholders} filled in (plain strings; a plural or select as ICU says it). */
export function t(id: string, values: Record<string, string | number> = {}, lang: TestLanguage = 'en'): string {
  const text = catalogs[lang][id];
  if (text === undefined) throw new Error(`no message ${id} in ${lang}`);
  if (/,\s*(plural|select)\s*,/.test(text)) return String(new IntlMessageFormat(text, lang).format(values));
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}

/** Draws a shell screen in the catalogue of `lang` (the locale is the language code, as SawariIntlProvider gives it), in the one store (as the layout draws it). */
export const draw = (element: ReactElement, lang: TestLanguage = 'en') =>
  render(
    <Provider store={sawariStore}>
      <IntlProvider locale={lang} messages={catalogs[lang]} onError={() => undefined}>
        {element}
      </IntlProvider>
    </Provider>,
  );

/** A signed-in rider (the stored session already read). */
export function signIn() {
  act(() => {
    sawariStore.set(sessionAtom, { phoneNumber: '9876543210', userId: 'u1', accessToken: 'a', refreshToken: 'r' });
    sawariStore.set(sessionLoadedAtom, true);
  });
}

/** A signed-out rider (the stored session already read). */
export function signOut() {
  act(() => {
    sawariStore.set(sessionAtom, SIGNED_OUT);
    sawariStore.set(sessionLoadedAtom, true);
  });
}
