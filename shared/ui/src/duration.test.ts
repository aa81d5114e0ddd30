import { formatDuration, formatWalking } from './duration';

describe('one duration formatter for every screen', () => {
  it('hours and minutes, never "155 min"', () => {
    expect(formatDuration(155, 'en')).toBe('2 h 35 min');
    expect(formatDuration(45, 'en-IN')).toBe('45 min');
    expect(formatDuration(180, 'en')).toBe('3 h');
    expect(formatDuration(155, 'hi')).toBe('2 घं 35 मिनट');
  });
  it('walking in the rider’s language: minutes, or km beyond 15 minutes', () => {
    expect(formatWalking(333, 'en')).toBe('5 min');
    expect(formatWalking(333, 'hi')).toBe('5 मिनट');
    expect(formatWalking(2345, 'en')).toBe('2.3 km');
    expect(formatWalking(2345, 'hi')).toMatch(/^2\.3 कि॰मी॰$/);
  });
  it('every language of the app has its words; an unknown one reads English', () => {
    for (const l of ['en', 'hi', 'mr', 'ta', 'kn', 'ml']) expect(formatDuration(155, l)).toMatch(/^2 \S+ 35 \S+$/);
    expect(formatDuration(155, 'fr')).toBe('2 h 35 min');
  });
});
