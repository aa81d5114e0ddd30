import { shortId } from './short-id';

describe('shortId', () => {
  it('is 8 Crockford base32 characters in two groups, the same for the same id', () => {
    const id = shortId('u1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6-mumbai-MBUS-adult-3f2a9c0d');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{4} [0-9A-HJKMNP-TV-Z]{4}$/);
    expect(shortId('u1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6-mumbai-MBUS-adult-3f2a9c0d')).toBe(id);
  });
  it('never uses I, L, O or U', () => {
    for (let i = 0; i < 500; i++) expect(shortId(`TKT-${i}`)).not.toMatch(/[ILOU]/);
  });
  it('differs for different ids (no collision in 20,000 of them)', () => {
    const seen = new Set(Array.from({ length: 20_000 }, (_, i) => shortId(`PASS-${i}-${i * 7919}`)));
    expect(seen.size).toBe(20_000);
    expect(shortId('a')).not.toBe(shortId('b'));
  });
});
