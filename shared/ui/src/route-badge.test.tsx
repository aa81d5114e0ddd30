import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_ROUTE_COLOR } from '@sawari/domain';
import { RouteBadge } from './route-badge';

// The badge draws the short name in the feed's colours; the contrast rules themselves are tested in shared/domain.
describe('RouteBadge', () => {
  it("draws the short name in the feed's colours when they read at AA", () => {
    const html = renderToStaticMarkup(<RouteBadge shortName="21A" color="003580" textColor="FFFFFF" />);
    expect(html).toContain('>21A</span>');
    expect(html).toContain('background-color:#003580');
    expect(html).toContain('color:#ffffff');
    expect(html).toContain('data-route-color="#003580"');
  });
  it("swaps a text colour that fails AA for black or white and keeps the feed's background", () => {
    const html = renderToStaticMarkup(<RouteBadge shortName="5" color="#FFDD00" textColor="FFFFFF" />);
    expect(html).toContain('background-color:#ffdd00');
    expect(html).toContain(';color:#000000');
  });
  it('uses the readable default when the feed has no colour, and says so by leaving out data-route-color', () => {
    const html = renderToStaticMarkup(<RouteBadge shortName="AX1" />);
    expect(html).toContain(`background-color:${DEFAULT_ROUTE_COLOR}`);
    expect(html).toContain(';color:#ffffff');
    expect(html).not.toContain('data-route-color');
  });
  it('adds a class name beside its own', () => {
    expect(renderToStaticMarkup(<RouteBadge shortName="1" className="x" />)).toMatch(/class="badge x"/);
  });
});

// Kochi's routes have no short names: the feed's long name is the route's name, and a badge holding it whole took the
// row and squeezed the headsign beside it into a column one letter wide (issue 36).
describe('RouteBadge with a long route name', () => {
  it('shows a readable abbreviation, the whole name as its title, and never wraps', () => {
    const html = renderToStaticMarkup(<RouteBadge shortName="Fort Kochi ↔ Palarivattom" color="0000ff" textColor="ffffff" />);
    expect(html).toContain('>FK–PAL</span>');
    expect(html).toContain('title="Fort Kochi ↔ Palarivattom"');
  });
  it('a short name has no title (it is the whole name)', () => {
    expect(renderToStaticMarkup(<RouteBadge shortName="21A" />)).not.toContain('title=');
  });
});
