import fs from 'node:fs';
import path from 'node:path';
import { AA_CONTRAST, contrastRatio } from '@sawari/domain';

// The theme's tokens in both themes (light: :root, dark: the prefers-color-scheme block): every text colour a screen
// puts on a page or a surface reads at WCAG AA, and so does each status colour on its own background.
const css = fs.readFileSync(path.join(__dirname, 'theme.css'), 'utf8');
const tokens = (block: string): Record<string, string> =>
  Object.fromEntries(Array.from(block.matchAll(/--sawari-([a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;/g), (m) => [m[1], m[2]]));
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
const light = tokens(css.slice(0, darkStart));
const dark = { ...light, ...tokens(css.slice(darkStart)) };

const pairs: [string, string][] = [
  ['fg', 'bg'],
  ['fg', 'surface'],
  ['fg', 'surface-muted'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['muted', 'surface-muted'],
  ['primary-strong', 'bg'],
  ['primary-strong', 'surface'],
  ['on-primary-strong', 'primary-strong'],
  ['on-primary-strong', 'primary-stronger'],
  ['primary-stronger', 'primary-tint'],
  ['on-primary', 'primary'],
  ['inverse-fg', 'inverse-bg'],
  ['link', 'bg'],
  ['link', 'surface'],
  ['ok-fg', 'ok-bg'],
  ['warn-fg', 'warn-bg'],
  ['error-fg', 'error-bg'],
  ['info-fg', 'info-bg'],
  ['ink-fg', 'ink-bg'],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('theme tokens, %s', (_name, t) => {
  it.each(pairs)('%s on %s reads at AA', (fg, bg) => {
    expect(t[fg]).toBeDefined();
    expect(t[bg]).toBeDefined();
    expect(contrastRatio(t[fg], t[bg])).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
  it('a form field border stands out from the page at 3:1 (WCAG 1.4.11)', () => {
    expect(contrastRatio(t['border-strong'], t.bg)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(t['border-strong'], t.surface)).toBeGreaterThanOrEqual(3);
  });
});

// Maps: what a rider must see on the map's ground (walks, where the journey starts and ends, buses, the route halo
// against the ground) is a graphic at 3:1 (WCAG 1.4.11), in both themes.
describe.each([
  ['light', light],
  ['dark', dark],
])('map tokens, %s', (_name, t) => {
  it.each(['map-walk', 'map-ink', 'map-bus', 'map-network'])('%s on map-bg at 3:1', (fg) => {
    expect(contrastRatio(t[fg], t['map-bg'])).toBeGreaterThanOrEqual(3);
  });
  it('the journey end is ringed apart from its fill, and stops apart from their outline', () => {
    expect(contrastRatio(t['map-ink'], t['map-ring'])).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(t['map-ink'], t['map-stop'])).toBeGreaterThanOrEqual(3);
  });
});

it('the dark theme gives a dark value to every colour token', () => {
  const darkOwn = tokens(css.slice(darkStart));
  for (const k of Object.keys(light)) expect(darkOwn[k]).toBeDefined();
});
