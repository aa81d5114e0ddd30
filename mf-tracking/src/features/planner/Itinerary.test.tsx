/** @jest-environment jsdom */
// An itinerary's duration and walking in hours and minutes, in the rider's language (issue 35: "155 min", and
// "5 min पैदल" in Hindi): one formatter (shared/ui duration.ts) for every screen.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import type { Itinerary, Leg } from '../common/transit';
import { ItinerarySummary, LegItem } from './Itinerary';

const at = (hhmm: string) => Date.parse(`2026-01-15T${hhmm}:00+05:30`);
const stop = (id: string) => ({ stop_id: id, stop_name: id, stop_lat: 9.9, stop_lon: 76.2, result_type: 'STOP' as const });
const walk = {
  mode: 'WALK',
  from: stop('A'),
  to: stop('Kaloor'),
  departure: at('08:00'),
  arrival: at('08:05'),
  distanceMeters: 330,
  route: null,
} as unknown as Leg;
const it155 = {
  departure: at('08:00'),
  arrival: at('10:35'),
  durationSeconds: 155 * 60,
  transfers: 1,
  walkSeconds: 5 * 60,
  legs: [walk],
} as unknown as Itinerary;
const draw = (node: React.ReactNode, lang: 'en' | 'hi' = 'en') =>
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      {node}
    </IntlProvider>,
  );

describe('itinerary durations', () => {
  it('reads 2 h 35 min, never 155 min; walking in minutes', () => {
    draw(<ItinerarySummary it={it155} />);
    expect(screen.getByText('2 h 35 min')).toBeTruthy();
    expect(screen.queryByText(/155 min/)).toBeNull();
    expect(screen.getByText(/5 min walking/)).toBeTruthy();
  });
  it('in Hindi: every word Hindi ("5 मिनट पैदल", never "5 min पैदल")', () => {
    draw(
      <>
        <ItinerarySummary it={it155} />
        <ul>
          <LegItem leg={walk} />
        </ul>
      </>,
      'hi',
    );
    expect(screen.getByText('2 घं 35 मिनट')).toBeTruthy();
    expect(screen.getAllByText(/5 मिनट पैदल/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Kaloor तक 5 मिनट पैदल चलें/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bmin\b/);
  });
});
