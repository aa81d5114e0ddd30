import { renderToStaticMarkup } from 'react-dom/server';
import { IconBus, IconWalk, ToneIcon } from './icons';

describe('icons', () => {
  it('are decorative by default: hidden from assistive technology, sized with the text, in the text colour', () => {
    const html = renderToStaticMarkup(<IconBus />);
    expect(html).toMatch(/^<svg /);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('focusable="false"');
    expect(html).toContain('width="1.25em"');
    expect(html).toContain('stroke="currentColor"');
    expect(html).toContain('data-icon="bus"');
    expect(html).not.toContain('role="img"');
  });
  it('become a named image when given a label', () => {
    const html = renderToStaticMarkup(<IconWalk label="Walk" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Walk"');
    expect(html).not.toContain('aria-hidden');
  });
});

describe('ToneIcon', () => {
  it("draws a status pill's tone, and nothing for a neutral one", () => {
    expect(renderToStaticMarkup(<ToneIcon tone="ok" />)).toContain('data-icon="ok"');
    expect(renderToStaticMarkup(<ToneIcon tone="warn" />)).toContain('data-icon="clock"');
    expect(renderToStaticMarkup(<ToneIcon tone="bad" />)).toContain('data-icon="error"');
    expect(renderToStaticMarkup(<ToneIcon tone="neutral" />)).toBe('');
  });
});
