import { FIRST_PAINT_ID, isAppScreen, isFirstPaintPath, languageCookie, SCREEN_SKELETON_ATTR } from './first-paint';

const element = (id = '', attrs: string[] = []) => ({ nodeType: 1, id, hasAttribute: (name: string) => attrs.includes(name) });

describe('first paint', () => {
  it('keeps the language in a cookie sent only with /app pages, for a year', () => {
    expect(languageCookie('hi')).toBe('sawari_lang=hi; path=/app; max-age=31536000; samesite=lax');
    expect(languageCookie('a;b')).toBe('sawari_lang=a%3Bb; path=/app; max-age=31536000; samesite=lax');
  });

  it('belongs to home and onboarding only', () => {
    expect(isFirstPaintPath('/app/')).toBe(true);
    expect(isFirstPaintPath('/app/onboarding')).toBe(true);
    expect(isFirstPaintPath('/app/live-tracking')).toBe(false);
    expect(isFirstPaintPath('/app/onboarding/x')).toBe(false);
    expect(isFirstPaintPath('/app')).toBe(false);
  });

  it('gives way to a screen, not to the app skeleton, a text node or itself', () => {
    expect(isAppScreen(element())).toBe(true);
    expect(isAppScreen(element('', [SCREEN_SKELETON_ATTR]))).toBe(false);
    expect(isAppScreen(element(FIRST_PAINT_ID))).toBe(false);
    expect(isAppScreen({ nodeType: 3 })).toBe(false);
  });
});
