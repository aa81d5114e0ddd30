import { findLink, SOS_CAP_WINDOW_MS, SOS_COOLDOWN_MS, SOS_DAILY_CAP, sosAlertRefusal, withoutLinks } from './sos';
import { sosMessageProblem } from './validation';

const T = Date.UTC(2026, 10, 27, 6, 0);
const MIN = 60_000;
/** `n` alerts `gap` apart, the last at `last`. */
const alerts = (n: number, last: number, gap = 6 * MIN) => Array.from({ length: n }, (_, i) => last - (n - 1 - i) * gap);

describe('sosAlertRefusal: the 5-minute gap', () => {
  it('allows the first alert', () => {
    expect(sosAlertRefusal([], T)).toBeNull();
  });
  it('refuses until 5 minutes after the last alert, to the millisecond', () => {
    expect(sosAlertRefusal([T], T)).toEqual({ reason: 'cooldown', until: T + SOS_COOLDOWN_MS });
    expect(sosAlertRefusal([T], T + SOS_COOLDOWN_MS - 1)).toEqual({ reason: 'cooldown', until: T + SOS_COOLDOWN_MS });
    expect(sosAlertRefusal([T], T + SOS_COOLDOWN_MS)).toBeNull();
  });
  it('looks at the latest alert whatever the order given', () => {
    expect(sosAlertRefusal([T, T - 60 * MIN, T - 30 * MIN], T + MIN)).toEqual({ reason: 'cooldown', until: T + SOS_COOLDOWN_MS });
  });
});

describe(`sosAlertRefusal: at most ${SOS_DAILY_CAP} in any 24 hours`, () => {
  it(`allows the ${SOS_DAILY_CAP}th and refuses the ${SOS_DAILY_CAP + 1}th`, () => {
    expect(sosAlertRefusal(alerts(SOS_DAILY_CAP - 1, T), T + SOS_COOLDOWN_MS)).toBeNull();
    const full = alerts(SOS_DAILY_CAP, T);
    expect(sosAlertRefusal(full, T + SOS_COOLDOWN_MS)).toEqual({ reason: 'daily-cap', until: full[0] + SOS_CAP_WINDOW_MS });
  });
  it('frees a slot exactly 24 hours after the oldest alert that fills the cap', () => {
    const full = alerts(SOS_DAILY_CAP, T);
    expect(sosAlertRefusal(full, full[0] + SOS_CAP_WINDOW_MS - 1)?.reason).toBe('daily-cap');
    expect(sosAlertRefusal(full, full[0] + SOS_CAP_WINDOW_MS)).toBeNull();
  });
  it('is a rolling window, not the calendar day: 10 before midnight and 1 after are refused', () => {
    const beforeMidnight = alerts(SOS_DAILY_CAP, Date.parse('2026-11-27T23:55:00+05:30'));
    expect(sosAlertRefusal(beforeMidnight, Date.parse('2026-11-28T00:05:00+05:30'))?.reason).toBe('daily-cap');
  });
  it('with more than the cap in the window (an older rule let them through), waits for enough to leave', () => {
    const many = alerts(SOS_DAILY_CAP + 2, T);
    expect(sosAlertRefusal(many, T + SOS_COOLDOWN_MS)).toEqual({ reason: 'daily-cap', until: many[2] + SOS_CAP_WINDOW_MS });
  });
  it('names the later rule when both hold', () => {
    const full = alerts(SOS_DAILY_CAP, T);
    expect(sosAlertRefusal(full, T + MIN)?.reason).toBe('daily-cap');
    // The cap's slot frees sooner than the gap ends: the gap is what the rider waits for.
    const old = alerts(SOS_DAILY_CAP - 1, T - SOS_CAP_WINDOW_MS + 2 * MIN, MIN).concat([T]);
    expect(sosAlertRefusal(old, T + MIN)).toEqual({ reason: 'cooldown', until: T + SOS_COOLDOWN_MS });
  });
  it('ignores alerts older than 24 hours and (a clock set back) after now', () => {
    expect(sosAlertRefusal(alerts(50, T - SOS_CAP_WINDOW_MS), T)).toBeNull();
    expect(sosAlertRefusal([T + MIN], T)).toBeNull();
  });
});

describe('findLink and the SOS message', () => {
  it.each([
    ['https://bit.ly/abc', 'https://bit.ly/abc'],
    ['Win a prize at http://example.com/x now', 'http://example.com/x'],
    ['hxxps://evil.test/path', 'hxxps://evil.test/path'],
    ['visit www.example.org', 'www.example.org'],
    ['go to example.com', 'example.com'],
    ['bit.ly/xyz', 'bit.ly'],
    ['EXAMPLE.COM', 'EXAMPLE.COM'],
    ['sub.domain.co.in please', 'sub.domain.co.in'],
    ['example[.]com', 'example[.]com'],
    ['example(.)com', 'example(.)com'],
    ['example．com', 'example．com'],
    ['mail me at someone@gmail.com', 'gmail.com'],
    ['http://10.0.0.1/x', 'http://10.0.0.1/x'],
    ['open 192.168.1.20', '192.168.1.20'],
    ['मदद करें example.in पर', 'example.in'],
  ])('finds the link in %j', (text, link) => {
    expect(findLink(text)).toBe(link);
  });

  it.each([
    'I need help. Please call me or come to my location as soon as you can.',
    'Bus no. 5, near platform 3. Call 98765 43210.',
    'Help! e.g. call the police. 10.30 a.m. at Rs.500 counter',
    'मुझे मदद चाहिए। कृपया मुझे फ़ोन करें।',
    'എനിക്ക് സഹായം വേണം. ദയവായി വിളിക്കുക.',
    'Dr. Rao, St. Mary’s school gate',
  ])('finds none in %j', (text) => {
    expect(findLink(text)).toBeNull();
  });

  it('makes a message with a link a problem ("link"), after the other checks', () => {
    expect(sosMessageProblem('Help me, see example.com')).toBe('link');
    expect(sosMessageProblem('Help me. Call me now.')).toBeNull();
    expect(sosMessageProblem('  ')).toBe('empty');
  });

  it('withoutLinks replaces every link of a message saved before the rule', () => {
    expect(withoutLinks('Help! example.com and https://x.io/a or www.y.org')).toBe('Help! [link removed] and [link removed] or [link removed]');
    expect(withoutLinks('I need help.')).toBe('I need help.');
  });
});
