import { createHash } from 'node:crypto';
import { secretWeakness, shannonBitsPerChar } from './secret-strength';

/** Random-looking bytes from a fixed seed (SHAKE256), so the draws are the same on every run: no flaky test. */
const draw = (n: number, i: number) => createHash('shake256', { outputLength: n }).update(`secret-draw-${n}-${i}`).digest();

describe('secretWeakness (the production root secret)', () => {
  it.each([
    ['hex of 16 bytes (32 characters from 16)', (i: number) => draw(16, i).toString('hex')],
    ['hex of 32 bytes', (i: number) => draw(32, i).toString('hex')],
    ['hex of 64 bytes', (i: number) => draw(64, i).toString('hex')],
    ['base64 of 24 bytes', (i: number) => draw(24, i).toString('base64')],
    ['base64 of 48 bytes (openssl rand -base64 48)', (i: number) => draw(48, i).toString('base64')],
    ['base64url of 32 bytes', (i: number) => draw(32, i).toString('base64url')],
  ])('passes every random secret: %s (2,000 draws)', (_kind, make) => {
    const refused = Array.from({ length: 2000 }, (_, i) => make(i)).filter((s) => secretWeakness(s) !== null);
    expect(refused).toEqual([]);
  });

  it.each([
    ['one character repeated', 'a'.repeat(40), /only 1 different characters/],
    ['two characters alternating', 'ab'.repeat(20), /only 2 different characters/],
    ['a word repeated', 'mysecret'.repeat(4), /only 7 different characters/],
    ['a phrase repeated', 'password1234'.repeat(3), /repeats "pas…"/],
    ['digits repeated', '0123456789'.repeat(4), /repeats|in sequence/],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz012345', /run of 8 characters in sequence/],
    ['a falling run', 'Qz7!zyxwvutsrK2@pL9#mN4$bV6%cX1^', /run of 8 characters in sequence/],
    ['a few characters dominating', `${'a'.repeat(30)}bcdefghij`, /bits each/],
  ])('refuses %s', (_kind, secret, reason) => {
    expect(secretWeakness(secret)).toMatch(reason);
  });

  it('is at the boundaries: 8 distinct characters pass, 7 do not; a 7-long run passes, 8 does not', () => {
    const eight = 'q1w2e3r4'; // 8 distinct, no run, no repeat of 8
    expect(secretWeakness(`${eight}${[...eight].reverse().join('')}${'q2w1e4r3'}${'1q2w3e4r'}`)).toBeNull();
    expect(secretWeakness('q1w2e3r'.repeat(5).slice(0, 32))).toMatch(/only 7 different/);
    const base = 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A';
    expect(secretWeakness(base)).toBeNull();
    expect(secretWeakness(`${base}abcdefg`)).toBeNull();
    expect(secretWeakness(`${base}abcdefgh`)).toMatch(/in sequence/);
  });

  it('shannonBitsPerChar: 0 for one character, 1 for two evenly, 4 for sixteen evenly', () => {
    expect(shannonBitsPerChar('aaaa')).toBe(0);
    expect(shannonBitsPerChar('abab')).toBe(1);
    expect(shannonBitsPerChar('0123456789abcdef')).toBe(4);
  });
});
