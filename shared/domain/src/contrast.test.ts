import {
  AA_CONTRAST,
  DEFAULT_ROUTE_COLOR,
  DEFAULT_ROUTE_TEXT_COLOR,
  contrastRatio,
  normalizeHexColor,
  readableTextOn,
  relativeLuminance,
  routeBadgeColors,
} from './contrast';

describe('normalizeHexColor', () => {
  it('reads GTFS six-digit colours with or without #, and short CSS hex', () => {
    expect(normalizeHexColor('1A2B3C')).toBe('#1a2b3c');
    expect(normalizeHexColor('#FFAA00')).toBe('#ffaa00');
    expect(normalizeHexColor(' 0f0 ')).toBe('#00ff00');
  });
  it('answers null for missing or malformed values', () => {
    for (const v of [undefined, null, '', 'red', '12345', '#12345g', '1234567']) expect(normalizeHexColor(v)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('gives WCAG reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is 4.54:1 (the lightest grey that passes AA), #777777 is 4.48:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
  it('is symmetric', () => {
    expect(contrastRatio('#f26722', '#1a1a1a')).toBeCloseTo(contrastRatio('#1a1a1a', '#f26722'), 10);
  });
  it('throws on a value that is not a colour', () => {
    expect(() => contrastRatio('nope', '#fff')).toThrow();
  });
});

describe('readableTextOn', () => {
  it('picks white on dark and black on light backgrounds', () => {
    expect(readableTextOn('#000080')).toBe('#ffffff');
    expect(readableTextOn('#ffff00')).toBe('#000000');
    expect(readableTextOn('#f26722')).toBe('#000000');
  });
});

describe('routeBadgeColors', () => {
  it("keeps the feed's pair when it reads at AA", () => {
    expect(routeBadgeColors('003580', 'FFFFFF')).toEqual({ background: '#003580', text: '#ffffff', fromFeed: true });
  });
  it("replaces a failing text colour with black or white, keeping the feed's background", () => {
    // yellow with white text is 1.07:1
    const c = routeBadgeColors('FFDD00', 'FFFFFF');
    expect(c).toEqual({ background: '#ffdd00', text: '#000000', fromFeed: true });
    expect(contrastRatio(c.background, c.text)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // mid red with white text is 4.23:1 (fails AA); black reads at 4.97:1
    expect(routeBadgeColors('E53935', 'FFFFFF')).toEqual({ background: '#e53935', text: '#000000', fromFeed: true });
  });
  it('chooses a text colour when the feed gives only a background', () => {
    expect(routeBadgeColors('1B5E20', null)).toEqual({ background: '#1b5e20', text: '#ffffff', fromFeed: true });
    expect(routeBadgeColors('FFC107', '')).toEqual({ background: '#ffc107', text: '#000000', fromFeed: true });
  });
  it('uses the readable default when the feed names no background (or a bad one)', () => {
    for (const bg of [undefined, null, '', 'zzz']) {
      expect(routeBadgeColors(bg, 'FFFFFF')).toEqual({
        background: DEFAULT_ROUTE_COLOR,
        text: DEFAULT_ROUTE_TEXT_COLOR,
        fromFeed: false,
      });
    }
    expect(contrastRatio(DEFAULT_ROUTE_COLOR, DEFAULT_ROUTE_TEXT_COLOR)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
  it('reads at AA for every background, whatever text colour the feed gives', () => {
    // black or white always reaches at least 4.58:1 on any colour, so the fallback always passes
    for (let r = 0; r <= 255; r += 51)
      for (let g = 0; g <= 255; g += 17)
        for (let b = 0; b <= 255; b += 51) {
          const bg = [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
          const c = routeBadgeColors(bg, bg);
          expect(contrastRatio(c.background, c.text)).toBeGreaterThanOrEqual(AA_CONTRAST);
        }
  });
});
