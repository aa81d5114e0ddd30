import { DAY_MS, MINUTE_MS } from './constants';

/**
 * SOS alerts (spec §9 "SOS"): texts to the rider's emergency contacts. Because each alert sends SMS to numbers the
 * rider typed, the feature must not become a way to spam them: one alert every 5 minutes, at most SOS_DAILY_CAP in any
 * 24 hours, and a message without links (docs/accounts.md "SOS").
 */
export const SOS_COOLDOWN_MS = 5 * MINUTE_MS;
/** Alerts one rider may send in any 24 hours (rolling, like the OTP limits): 10, far above what an emergency needs
 *  and far below the 288 the 5-minute gap alone allows. */
export const SOS_DAILY_CAP = 10;
export const SOS_CAP_WINDOW_MS = DAY_MS;

export type SosRefusal = { reason: 'cooldown' | 'daily-cap'; until: number };

/**
 * Whether a new alert may be sent at `now`, given the instants of the rider's earlier alerts (any order; only those of
 * the last 24 hours matter). Refused: which rule and when the next one can go (the later of the two when both hold).
 */
export function sosAlertRefusal(earlier: readonly number[], now: number): SosRefusal | null {
  const recent = earlier.filter((t) => t > now - SOS_CAP_WINDOW_MS && t <= now).sort((a, b) => a - b);
  const last = recent.at(-1);
  const cooldown = last !== undefined && now - last < SOS_COOLDOWN_MS ? last + SOS_COOLDOWN_MS : null;
  // Full: a slot frees when the oldest alert that keeps the count at the cap leaves the window.
  const cap = recent.length >= SOS_DAILY_CAP ? recent[recent.length - SOS_DAILY_CAP] + SOS_CAP_WINDOW_MS : null;
  if (cap !== null && (cooldown === null || cap >= cooldown)) return { reason: 'daily-cap', until: cap };
  return cooldown !== null ? { reason: 'cooldown', until: cooldown } : null;
}

/** Characters that stand for a dot in an address written to slip past a filter: "example[.]com", full-width dots. */
const DOTS = String.raw`(?:\.|\[\.\]|\(\.\)|\{\.\}|\u3002|\uFF0E|\uFF61)`;
const LINK_PATTERNS = [
  // A scheme (also the defanged hxxp) or www.
  /\b(?:h[tx]{2}ps?|ftp|wss?):\/\/\S*/iu,
  new RegExp(String.raw`\bwww${DOTS}\S+`, 'iu'),
  // A host name: labels of letters or digits, a dot, and a top-level domain of 2+ letters (example.com, bit.ly,
  // mail@x.in). Two letters need no space around the dot to count ("me.at" is refused too: the message says which).
  new RegExp(
    String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:${DOTS}[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*${DOTS}[a-z]{2,24}(?![\p{L}\p{N}])`,
    'iu',
  ),
  // An IPv4 address.
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/u,
];

/** The first link, web or email address in `text` (as written), or null. */
export function findLink(text: string): string | null {
  let first: RegExpExecArray | null = null;
  for (const p of LINK_PATTERNS) {
    const m = p.exec(text);
    if (m && (first === null || m.index < first.index)) first = m;
  }
  return first ? first[0] : null;
}

/** `text` with every link, web or email address replaced by "[link removed]" (for a message saved before the rule). */
export function withoutLinks(text: string): string {
  let out = text;
  for (let link = findLink(out), n = 0; link !== null && n < 100; link = findLink(out), n++) out = out.replace(link, '[link removed]');
  return out;
}
