// What a route's badge says. A feed gives each route a short name ('5', '21A', 'AX1') and a long name; a feed without
// short names (Kochi's: "Fort Kochi ↔ Palarivattom", "Vyttila Mobility Hub ↔ Vyttila Mobility Hub (clockwise, via
// Kadavanthra and Palarivattam bypass)") names its routes by the long name, which no badge can hold: drawn whole it
// took the row's width and squeezed the headsign beside it into a column one letter wide. One rule for every screen
// (shared/ui RouteBadge applies it): a short name as it is, else a readable abbreviation of the route's two ends.

/** The longest name a badge shows as it is (a short name: '5', '21A', 'AX1', '500D-LT'). */
export const BADGE_MAX_CHARS = 7;

/** A letter with its marks (a Devanagari or Malayalam letter with its vowel sign is one). */
const LETTER = /\p{L}\p{M}*/gu;
const letters = (word: string): string[] => word.match(LETTER) ?? [];
const chars = (s: string): number => letters(s).length + (s.match(/[\p{N}\p{P}\p{S}]/gu)?.length ?? 0);

/** One end of a route ("Fort Kochi", "North Paravur", "Palarivattom"): the initials of its words, or a single word's first three letters. */
function abbreviateEnd(end: string): string {
  const words = end
    .split(/[\s/]+/)
    .map((w) => w.replace(/[^\p{L}\p{M}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) {
    const w = words[0];
    // A number ("12") or a code ("AX1") is its own abbreviation.
    if (/\p{N}/u.test(w) && w.length <= BADGE_MAX_CHARS) return w.toUpperCase();
    return letters(w).slice(0, 3).join('').toUpperCase();
  }
  return words
    .slice(0, 3)
    .map((w) => (/^\p{N}+$/u.test(w) ? w : (letters(w)[0] ?? '')))
    .join('')
    .toUpperCase();
}

/**
 * The label of a route's badge, from the name the feed gives it (route_name: the short name, else the long name). A
 * name of up to BADGE_MAX_CHARS characters is shown as it is; a longer one that starts with a number or code
 * ("12 Vyttila - Aluva") shows that; any other is abbreviated to its two ends' initials ("Fort Kochi ↔ Palarivattom":
 * "FK–PAL", "Aluva ↔ North Paravur": "ALU–NP"), what is in brackets or after "via" left out, a round route's one end
 * with ↻ ("VMH↻"). `abbreviated` says whether the label is not the whole name (the screen then shows the name beside it).
 */
export function routeBadgeLabel(name: string): { label: string; abbreviated: boolean } {
  const whole = name.trim().replace(/\s+/g, ' ');
  if (chars(whole) <= BADGE_MAX_CHARS) return { label: whole, abbreviated: false };
  const code = /^([\p{L}]{0,3}\p{N}+[\p{L}\p{N}-]*)[\s:–—-]/u.exec(whole);
  if (code && code[1].length <= BADGE_MAX_CHARS) return { label: code[1], abbreviated: true };
  const plain = whole
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s(via|through)\s.*$/i, ' ')
    .trim();
  const ends = plain
    .split(/\s*(?:↔|⇄|→|⟷|<->|->|–|—|\s-\s|\sto\s)\s*/i)
    .map((e) => e.trim())
    .filter(Boolean);
  const first = abbreviateEnd(ends[0] ?? plain);
  const last = ends.length > 1 ? abbreviateEnd(ends[ends.length - 1]) : '';
  const label = !last ? first : first === last ? `${first}↻` : `${first}–${last}`;
  return { label: label || [...whole].slice(0, BADGE_MAX_CHARS).join(''), abbreviated: true };
}
