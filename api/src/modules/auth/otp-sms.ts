/**
 * The sign-in SMS in the rider's language (the six languages of the app). The code comes first, set apart by spaces,
 * so a phone's "copy code" and autofill find it in every language. Unicode text is sent as UCS-2 by an SMS gateway
 * (70 characters a part): every text here fits two parts.
 */
export type OtpSmsLanguage = 'en' | 'hi' | 'mr' | 'ml' | 'ta' | 'kn';

const TEXTS: Record<OtpSmsLanguage, (code: string, minutes: number) => string> = {
  en: (c, m) => `${c} is your Sawari sign-in code. It works for ${m} minutes. Never share it with anyone.`,
  hi: (c, m) => `${c} आपका Sawari साइन-इन कोड है। यह ${m} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
  mr: (c, m) => `${c} हा तुमचा Sawari साइन-इन कोड आहे. तो ${m} मिनिटे चालेल. तो कोणालाही सांगू नका.`,
  ml: (c, m) => `${c} ആണ് നിങ്ങളുടെ Sawari സൈൻ-ഇൻ കോഡ്. ഇത് ${m} മിനിറ്റ് സാധുവാണ്. ഇത് ആരുമായും പങ്കിടരുത്.`,
  ta: (c, m) => `${c} உங்கள் Sawari உள்நுழைவுக் குறியீடு. இது ${m} நிமிடங்கள் செல்லுபடியாகும். இதை யாரிடமும் பகிர வேண்டாம்.`,
  kn: (c, m) => `${c} ನಿಮ್ಮ Sawari ಸೈನ್-ಇನ್ ಕೋಡ್. ಇದು ${m} ನಿಮಿಷಗಳವರೆಗೆ ಮಾನ್ಯ. ಇದನ್ನು ಯಾರೊಂದಿಗೂ ಹಂಚಿಕೊಳ್ಳಬೇಡಿ.`,
};

function isLanguage(v: string | undefined): v is OtpSmsLanguage {
  return v !== undefined && Object.hasOwn(TEXTS, v);
}

/** The language of the SMS: the request's own `lang`, else the app's `sawari_lang` cookie, else English. */
export function otpSmsLanguage(lang: string | undefined, cookieHeader: string | undefined): OtpSmsLanguage {
  if (isLanguage(lang)) return lang;
  const fromCookie = /(?:^|;\s*)sawari_lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(fromCookie) ? fromCookie : 'en';
}

export function otpSmsText(lang: OtpSmsLanguage, code: string, minutes: number): string {
  return TEXTS[lang](code, minutes);
}
