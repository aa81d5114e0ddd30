/** @jest-environment jsdom */
// The offline panel offers the screens this device has shown (issue 35, item 8: the route map said "Nothing from
// live tracking is saved" right after the stop page had opened offline). Every screen is remembered by its Page.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { OfflinePanel } from './OfflinePanel';
import { Page } from './Page';

const intl = (node: React.ReactNode, lang: 'en' | 'hi' = 'en') => (
  <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
    {node}
  </IntlProvider>
);

beforeEach(() => localStorage.clear());

describe('OfflinePanel after a screen was shown', () => {
  it('a stop page shown (even with nothing loaded, offline) is offered by the next screen that cannot load', () => {
    const stop = render(
      intl(
        <MemoryRouter initialEntries={['/nearest-bus-stop/all-buses/KAL/Kaloor/120']}>
          <Page heading="Kaloor">
            <p>Seems like you are offline.</p>
          </Page>
        </MemoryRouter>,
      ),
    );
    stop.unmount();
    render(intl(<OfflinePanel />));
    expect(screen.getByRole('link', { name: 'Kaloor' }).getAttribute('href')).toBe('/app/nearest-bus-stop/all-buses/KAL/Kaloor/120');
    expect(screen.queryByText(en['offline.nothingSaved'])).toBeNull();
  });
  it('nothing shown yet: says so (in Hindi too)', () => {
    render(intl(<OfflinePanel />, 'hi'));
    expect(screen.getByText(hi['offline.nothingSaved'])).toBeTruthy();
  });
});
