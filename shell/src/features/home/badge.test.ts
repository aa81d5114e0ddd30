import { badgeColours, contrast, DEFAULT_BADGE } from './badge';

describe('route badge colours', () => {
  it("the feed's colours when they read at AA", () => {
    expect(badgeColours('1A73E8', 'FFFFFF')).toEqual({ background: '#1a73e8', text: '#ffffff' });
    expect(badgeColours('#ffd200', '#000000')).toEqual({ background: '#ffd200', text: '#000000' });
  });
  it('black or white text where the feed’s text colour does not read, or is missing', () => {
    expect(badgeColours('FFD200', 'FFFFFF').text).toBe('#000000');
    expect(badgeColours('0B3D91', null).text).toBe('#ffffff');
    for (const [bg, fg] of [
      ['FFD200', 'FFFFFF'],
      ['0B3D91', '0B3D90'],
      ['777777', ''],
    ]) {
      const c = badgeColours(bg, fg);
      expect(contrast(c.background.slice(1), c.text.slice(1))).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('a readable default where the feed has no colour or a malformed one', () => {
    expect(badgeColours(null, null)).toEqual(DEFAULT_BADGE);
    expect(badgeColours('red', 'fff')).toEqual(DEFAULT_BADGE);
    expect(contrast(DEFAULT_BADGE.background.slice(1), DEFAULT_BADGE.text.slice(1))).toBeGreaterThanOrEqual(4.5);
  });
});
