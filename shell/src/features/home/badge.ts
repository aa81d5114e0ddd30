// A route's badge colours on Home: the feed's route_color / route_text_color, a readable default where the feed has
// none, and black or white text where the feed's text colour does not read at WCAG AA (4.5:1) on its colour. Pure;
// tested in badge.test.ts. (shared/ui's RouteBadge replaces this once it is in the tree.)
const HEX = /^#?([0-9a-f]{6})$/i;
export const DEFAULT_BADGE = { background: '#1f2937', text: '#ffffff' };

function luminance(hex: string): number {
  const n = parseInt(hex, 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export function badgeColours(color?: string | null, textColor?: string | null): { background: string; text: string } {
  const bg = HEX.exec(color ?? '')?.[1];
  if (!bg) return DEFAULT_BADGE;
  const fg = HEX.exec(textColor ?? '')?.[1];
  if (fg && contrast(bg, fg) >= 4.5) return { background: `#${bg.toLowerCase()}`, text: `#${fg.toLowerCase()}` };
  return { background: `#${bg.toLowerCase()}`, text: contrast(bg, '000000') >= contrast(bg, 'ffffff') ? '#000000' : '#ffffff' };
}
