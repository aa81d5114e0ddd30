// SMS and Home notices come in the rider's language: whenever the signed-in rider's app language is not the one last
// sent for them (a change of language, or signing in after choosing one), PUT /api/notices/language tells the server.
// The pair sent is remembered on this device, so an unchanged language costs no request.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import type { NoticeLanguageWire } from '@sawari/contracts';
import { api, languageAtom, sawariStore, sessionAtom } from '@sawari/runtime';

/** The languages notices are written in (the wire's noticeLanguageSchema; a type-only import keeps zod out of the
 *  layout's first load, and the `satisfies` check fails to compile if the two lists part). */
const NOTICE_LANGUAGES = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'] as const satisfies readonly NoticeLanguageWire[];
const isNoticeLanguage = (l: string): l is NoticeLanguageWire => (NOTICE_LANGUAGES as readonly string[]).includes(l);

export const NOTICE_LANGUAGE_KEY = 'sawari.noticeLanguage';

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type Put = (path: string, body: unknown) => Promise<unknown>;

/** Sends `lang` for `userId` unless it was the last one sent; a language the server has no texts for is not sent. */
export async function syncNoticeLanguage(userId: string, lang: string, put: Put, storage: Store): Promise<boolean> {
  if (!isNoticeLanguage(lang)) return false;
  const pair = `${userId}|${lang}`;
  try {
    if (storage.getItem(NOTICE_LANGUAGE_KEY) === pair) return false;
  } catch {
    // storage blocked: send it
  }
  await put('/notices/language', { language: lang });
  try {
    storage.setItem(NOTICE_LANGUAGE_KEY, pair);
  } catch {
    // sent again next time: harmless
  }
  return true;
}

/** In the layout: keeps the server's notice language equal to the app's for whoever is signed in. */
export function useNoticeLanguage(): void {
  const lang = useAtomValue(languageAtom, { store: sawariStore });
  const { userId, accessToken } = useAtomValue(sessionAtom, { store: sawariStore });
  useEffect(() => {
    if (!userId || !accessToken) return;
    // A failure (offline) is tried again at the next start or change: the SMS stays in the last language meanwhile.
    syncNoticeLanguage(userId, lang, (path, body) => api.put(path, body), localStorage).catch(() => undefined);
  }, [userId, accessToken, lang]);
}
