/**
 * A short, readable id for a pass or ticket: 8 characters of Crockford base32 (no I, L, O, U: nothing
 * to misread aloud), shown as "K7M2 9QXA", derived from the transactionId (which stays the real key: 40–50 characters
 * nobody can read out). 40 bits of FNV-1a, so two items of one rider practically never share it; it is for people to
 * read and compare, never to look an item up by.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** FNV-1a, 64-bit (BigInt), over the UTF-8 bytes. */
function fnv1a64(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h;
}

export function shortId(transactionId: string): string {
  let n = fnv1a64(transactionId) >> 24n; // the top 40 bits
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = CROCKFORD[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return `${out.slice(0, 4)} ${out.slice(4)}`;
}
