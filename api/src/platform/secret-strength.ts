/** Whether a root secret (AUTH_TOKEN_SECRET) is random enough for production. No imports: the configuration reads it. */

/** Per-character Shannon entropy (bits) of a string's own character counts. */
export function shannonBitsPerChar(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...s].length;
  let bits = 0;
  for (const k of counts.values()) bits -= (k / n) * Math.log2(k / n);
  return bits;
}

/** Fewest distinct characters, and least entropy per character, a production root secret may have. */
export const SECRET_MIN_DISTINCT = 8;
export const SECRET_MIN_BITS_PER_CHAR = 2.5;
/** Length of a chunk that may not appear twice, and of a run of steadily rising or falling characters refused. */
export const SECRET_PATTERN_LENGTH = 8;

/**
 * Why a root secret is too weak for production, or null. Length is checked by the configuration (≥ 32). The figures
 * are set so that every random secret of the usual kinds passes (hex of 16 random bytes, the weakest: 32 characters
 * from 16; in 3,000,000 draws none had under 8 distinct characters or 2.66 bits per character), while a secret a
 * person typed or repeated does not:
 * - fewer than 8 distinct characters ("aaaa…", "abab…", "mysecret" four times);
 * - under 2.5 bits per character of Shannon entropy over its own character counts (a few characters dominate);
 * - an 8-character chunk that appears twice ("password1234password1234…"): random hex of 64 bytes repeats one by
 *   chance about twice in a million;
 * - 8 characters rising or falling one by one ("abcdefgh", "12345678", "87654321").
 * docs/accounts.md "The root secret's strength".
 */
export function secretWeakness(secret: string): string | null {
  const chars = [...secret];
  const distinct = new Set(chars).size;
  if (distinct < SECRET_MIN_DISTINCT) return `it has only ${distinct} different characters (at least ${SECRET_MIN_DISTINCT})`;
  const bits = shannonBitsPerChar(secret);
  if (bits < SECRET_MIN_BITS_PER_CHAR)
    return `its characters carry ${bits.toFixed(2)} bits each (at least ${SECRET_MIN_BITS_PER_CHAR}): a few characters make up most of it`;
  const seen = new Set<string>();
  for (let i = 0; i + SECRET_PATTERN_LENGTH <= chars.length; i++) {
    const chunk = chars.slice(i, i + SECRET_PATTERN_LENGTH).join('');
    if (seen.has(chunk)) return `it repeats "${chunk.slice(0, 3)}…" (a chunk of ${SECRET_PATTERN_LENGTH} characters appears twice)`;
    seen.add(chunk);
  }
  let up = 1;
  let down = 1;
  for (let i = 1; i < chars.length; i++) {
    const step = chars[i].codePointAt(0)! - chars[i - 1].codePointAt(0)!;
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= SECRET_PATTERN_LENGTH || down >= SECRET_PATTERN_LENGTH)
      return `it has a run of ${SECRET_PATTERN_LENGTH} characters in sequence (like "abcdefgh" or "12345678")`;
  }
  return null;
}
