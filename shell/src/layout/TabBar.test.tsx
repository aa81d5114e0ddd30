/** @jest-environment jsdom */
// The tab bar as a screen reader meets it: one navigation landmark, four links with their labels, the current one
// marked aria-current="page", and room kept for it at the bottom of the page while it shows.
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';
import { TabBar } from './TabBar';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const draw = (path: string, signedIn: boolean, messages: Record<string, string> = en, locale = 'en-IN') =>
  render(
    <IntlProvider locale={locale} messages={messages} onError={() => undefined}>
      <TabBar path={path} signedIn={signedIn} />
    </IntlProvider>,
  );

describe('TabBar', () => {
  it('four labelled links in a navigation landmark; the current one marked', () => {
    const { unmount } = draw('/live-tracking/route-map/R1', true);
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/app/'],
      ['Tickets and passes', '/app/your-tickets-and-passes'],
      ['Plan and track', '/app/live-tracking'],
      ['Account', '/app/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Plan and track' }).getAttribute('aria-current')).toBe('page');
    expect(links.filter((l) => l.hasAttribute('aria-current'))).toHaveLength(1);
    expect(document.body.hasAttribute('data-tabbar')).toBe(true);
    unmount();
    expect(document.body.hasAttribute('data-tabbar')).toBe(false);
  });
  it('keeps room for its real height: the page’s bottom padding and the scroll padding (what scrolls into view lands above it)', () => {
    const height = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 194.4 } as DOMRect);
    const { unmount } = draw('/', true);
    expect(document.body.style.getPropertyValue('--sawari-tabbar-space')).toBe('203px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('203px');
    unmount();
    height.mockRestore();
    expect(document.body.style.getPropertyValue('--sawari-tabbar-space')).toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });
  it('signed out, Account is sign-in that comes back; a screen of no tab marks none; Hindi labels', () => {
    draw('/buy-bus-ticket', false, hi as Record<string, string>, 'hi-IN');
    const nav = screen.getByRole('navigation', { name: 'मुख्य हिस्से' });
    expect(within(nav).getByRole('link', { name: 'खाता' }).getAttribute('href')).toBe('/app/login/%2Fbuy-bus-ticket');
    expect(within(nav).getByRole('link', { name: 'टिकट और पास' }).hasAttribute('aria-current')).toBe(false);
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(0);
  });
});
