// Colour contrast (WCAG 2.x) and the colours a route badge is drawn in. Pure: used by the UI's RouteBadge and by tests.
// GTFS gives route_color / route_text_color as six hex digits without '#', optional; either may be missing or bad.

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The badge of a route whose feed names no colour: the theme's dark slate with white text (14.7:1). */
export const DEFAULT_ROUTE_COLOR = '#334155';
export const DEFAULT_ROUTE_TEXT_COLOR = '#ffffff';

/** '#rrggbb' for a GTFS or CSS hex colour ('1A2B3C', '#1a2b3c', '#abc'), or null when it is not one. */
export function normalizeHexColor(input: string | null | undefined): string | null {
  if (!input) return null;
  const raw = input.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(raw)) return `#${raw.toLowerCase()}`;
  if (/^[0-9a-fA-F]{3}$/.test(raw))
    return `#${raw
      .split('')
      .map((c) => c + c)
      .join('')
      .toLowerCase()}`;
  return null;
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 black … 1 white) of a '#rrggbb' colour. */
export function relativeLuminance(hex: string): number {
  const n = normalizeHexColor(hex);
  if (!n) throw new Error(`not a hex colour: ${hex}`);
  const r = parseInt(n.slice(1, 3), 16);
  const g = parseInt(n.slice(3, 5), 16);
  const b = parseInt(n.slice(5, 7), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the background. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

export type BadgeColors = { background: string; text: string; fromFeed: boolean };

/**
 * The colours to draw a route badge in: the feed's pair when it reads at AA (4.5:1); the feed's background with black
 * or white text when the feed's text colour is missing or fails; the default slate when the feed has no background.
 * GTFS says an absent route_color means white and an absent text colour black; a white badge on a white page would
 * be invisible, so an absent background takes the default instead.
 */
export function routeBadgeColors(color?: string | null, textColor?: string | null): BadgeColors {
  const bg = normalizeHexColor(color);
  if (!bg) return { background: DEFAULT_ROUTE_COLOR, text: DEFAULT_ROUTE_TEXT_COLOR, fromFeed: false };
  const fg = normalizeHexColor(textColor);
  if (fg && contrastRatio(bg, fg) >= AA_CONTRAST) return { background: bg, text: fg, fromFeed: true };
  return { background: bg, text: readableTextOn(bg), fromFeed: true };
}
