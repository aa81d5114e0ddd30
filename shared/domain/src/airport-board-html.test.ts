import { boardHtml, boardRows, escapeHtml } from './airport-board-html';

const config = {
  place: 'Arrival Hall',
  counter: 'Airport Express Counter',
  routeStopPairs: [
    { routeId: 'R1', stopId: 'S1', destination: 'Kharghar' },
    { routeId: 'R2', stopId: 'S1', destination: 'Thane' },
  ],
};
const now = 1_700_000_000_000;

describe('boardRows', () => {
  it('shows one row per pair with the time until its next bus', () => {
    const timings = {
      data: [
        { routeId: 'R1', stopId: 'S1', timings: [now - 60_000, now + 65 * 60_000 + 1] },
        { routeId: 'R2', stopId: 'S1', timings: [now + 9 * 60_000] },
      ],
    };
    expect(boardRows(config, timings, now)).toEqual([
      { key: 'R1:S1', destination: 'Kharghar', nextBus: '1 hr 5 min', departsAt: '4:48 AM' },
      { key: 'R2:S1', destination: 'Thane', nextBus: '9 min', departsAt: '3:52 AM' },
    ]);
  });
  it('shows Not Available without timings for a pair', () => {
    expect(boardRows(config, null, now).map((r) => [r.nextBus, r.departsAt])).toEqual([
      ['Not Available', null],
      ['Not Available', null],
    ]);
    expect(boardRows(config, { data: [{ routeId: 'R1', stopId: 'OTHER', timings: [now + 60_000] }] }, now)[0].nextBus).toBe('Not Available');
  });
});

describe('boardHtml', () => {
  const view = { orientation: 'vertical' as const, config, timings: { data: [{ routeId: 'R1', stopId: 'S1', timings: [now + 9 * 60_000] }] }, now };
  it('writes the heading, clock, one row per pair and BOOK AT', () => {
    const html = boardHtml({ ...view, updatedAt: now, failing: false });
    expect(html).toContain('<h1 id="board-heading" class="sb-heading">LIVE SCHEDULE</h1>');
    expect(html).toContain('<time data-testid="board-clock" data-part="clock">3:43 AM</time>');
    expect(html.match(/data-testid="board-row"/g)).toHaveLength(2);
    expect(html).toContain('class="sb-destination">Kharghar</th><td class="sb-next">9 min<span class="sb-departs"> leaves 3:52 AM</span></td>');
    expect(html).toContain('class="sb-destination">Thane</th><td class="sb-next">Not Available</td>');
    expect(html).toContain('ARRIVAL HALL, Airport Express Counter');
    expect(html).toContain('class="sb sb-vertical"');
    expect(html).not.toContain('board-age');
  });
  it('says how old the data is, and that it is retrying, while calls fail', () => {
    expect(boardHtml({ ...view, updatedAt: now - 5 * 60_000, failing: false })).toContain('>Last updated 5 min ago</p>');
    const failing = boardHtml({ ...view, updatedAt: now - 10_000, failing: true });
    expect(failing).toContain('Last updated less than a minute ago<span class="sb-reconnecting" data-testid="board-reconnecting"> · Connection lost.');
  });
  it('escapes every text from the data', () => {
    const hostile = { ...config, place: '<img src=x onerror=alert(1)>', routeStopPairs: [{ routeId: 'R1', stopId: 'S1', destination: '</script><b>"A&B\'' }] };
    const html = boardHtml({ ...view, config: hostile, updatedAt: now, failing: false, orientation: 'horizontal' });
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;&quot;A&amp;B&#39;');
    expect(html).toContain('&lt;IMG SRC=X ONERROR=ALERT(1)&gt;');
    expect(html).not.toMatch(/<b>|<img|<\/script>/i);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
