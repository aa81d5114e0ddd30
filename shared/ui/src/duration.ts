// THE duration and walking words of every screen (issue 35: "155 min" for a 2 h 35 min ride; "5 min पैदल" in Hindi):
// shared/domain splits the time (durationParts, walkingParts), this words it in the rider's language (the app's six).
// Pure (no React): a screen passes its locale (react-intl's `intl.locale`); useDuration() below is the hook.
import { useIntl } from 'react-intl';
import { durationParts, walkingParts } from '@sawari/domain';

type Words = { h: (n: number) => string; m: (n: number) => string; km: (n: string) => string };

const WORDS: Record<string, Words> = {
  en: { h: (n) => `${n} h`, m: (n) => `${n} min`, km: (n) => `${n} km` },
  hi: { h: (n) => `${n} घं`, m: (n) => `${n} मिनट`, km: (n) => `${n} कि॰मी॰` },
  mr: { h: (n) => `${n} तास`, m: (n) => `${n} मिनिटे`, km: (n) => `${n} कि.मी.` },
  ta: { h: (n) => `${n} ம.நே.`, m: (n) => `${n} நிமி.`, km: (n) => `${n} கி.மீ.` },
  kn: { h: (n) => `${n} ಗಂ`, m: (n) => `${n} ನಿಮಿ`, km: (n) => `${n} ಕಿ.ಮೀ.` },
  ml: { h: (n) => `${n} മ.`, m: (n) => `${n} മിനി.`, km: (n) => `${n} കി.മീ.` },
};
const words = (locale: string): Words => WORDS[locale.slice(0, 2)] ?? WORDS.en;

/** A length of time in the rider's words: "2 h 35 min", "45 min", "3 h" (Hindi "2 घं 35 मिनट"). */
export function formatDuration(totalMinutes: number, locale: string): string {
  const { hours, minutes } = durationParts(totalMinutes);
  const w = words(locale);
  if (!hours) return w.m(minutes);
  return minutes ? `${w.h(hours)} ${w.m(minutes)}` : w.h(hours);
}

/** Spec §9's walking distance in the rider's words: "8 min" (Hindi "8 मिनट"), or "2.3 km" beyond 15 minutes. */
export function formatWalking(meters: number, locale: string): string {
  const p = walkingParts(meters / 1000);
  return p.unit === 'min'
    ? formatDuration(p.minutes, locale)
    : words(locale).km(
        p.km.toLocaleString(locale.slice(0, 2) === 'en' ? 'en-IN' : `${locale.slice(0, 2)}-IN`, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      );
}

/** The two formatters in the screen's language. */
export function useDuration(): { duration: (minutes: number) => string; walking: (meters: number) => string } {
  const { locale } = useIntl();
  return { duration: (m) => formatDuration(m, locale), walking: (m) => formatWalking(m, locale) };
}
