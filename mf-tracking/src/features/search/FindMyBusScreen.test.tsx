/** @jest-environment jsdom */
// Find my bus: one h1, and the example vehicle number is the city's own (issue 35: "for example MH01AB1234" in Kochi).
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import FindMyBusScreen from './FindMyBusScreen';

const city = { current: { id: 'kochi', state: 'Kerala' } as { id: string; state: string } | null };
jest.mock('@sawari/runtime', () => ({
  ...jest.requireActual('@sawari/runtime'),
  useCityConfig: () => ({ cityId: city.current?.id ?? null, city: city.current }),
}));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => <>{children('kochi')}</> }));

const draw = (lang: 'en' | 'hi' = 'en') =>
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={['/live-tracking/find-my-bus']}>
        <FindMyBusScreen />
      </MemoryRouter>
    </IntlProvider>,
  );

describe('FindMyBusScreen', () => {
  it('has its h1, and Kochi’s example number is Kerala’s, never MH…', () => {
    city.current = { id: 'kochi', state: 'Kerala' };
    draw();
    expect(screen.getByRole('heading', { level: 1, name: 'Find my bus' })).toBeTruthy();
    expect(screen.getByText('As painted on the bus, e.g. KL01AB1234')).toBeTruthy();
    expect(screen.queryByText(/MH01/)).toBeNull();
  });
  it('in Hindi the city config names the state in Hindi (केरल): still Kerala’s example', () => {
    city.current = { id: 'kochi', state: 'केरल' };
    draw('hi');
    expect(screen.getByText(hi['findMyBus.hint'].replace('{example}', 'KL01AB1234'))).toBeTruthy();
  });
  it('a state without a known registration mark: no example rather than another city’s (Hindi)', () => {
    city.current = { id: 'x', state: 'Atlantis' };
    draw('hi');
    expect(screen.getByText(hi['findMyBus.hintPlain'])).toBeTruthy();
  });
});
