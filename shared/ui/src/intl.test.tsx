import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import { LoadError, NotFoundScreen } from './intl';
import { riderUi } from './rider';

// What a rider sees when a load fails or an address leads nowhere: words by the error's code in their
// language, never the API's message, and always a way on.
const messages = { 'common.retry': 'Retry', 'error.generic': 'That did not work: {reason}' };
const inLang = (locale: string, node: React.ReactNode) =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={messages}>
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  );
const developer = new ApiRequestError(400, 'VALIDATION_FAILED', 'Field "bookingId" in the path: must be a booking id (RSV-…).');
const noop = () => undefined;

describe('LoadError', () => {
  it('says a broken link in the rider’s words, in Hindi, with the home page as the way on and no Retry', () => {
    const html = inLang('hi', <LoadError error={developer} onRetry={noop} />);
    expect(html).toContain('यह लिंक अधूरा है');
    expect(html).toContain('href="/app/"');
    expect(html).not.toContain('bookingId');
    expect(html).not.toContain('Retry');
  });
  it('offers Retry and the home page when trying again can help', () => {
    const html = inLang('en', <LoadError error={new ApiRequestError(503, 'PLANNER_BUSY', 'planner queue full')} onRetry={noop} />);
    expect(html).toContain('Sawari is busy right now');
    expect(html).toContain('Retry');
    expect(html).toContain('href="/app/"');
    expect(html).not.toContain('planner queue full');
  });
});

describe('NotFoundScreen', () => {
  it('is one h1 and a link home', () => {
    const html = inLang('en', <NotFoundScreen />);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('We could not find this');
    expect(html).toContain('href="/app/"');
  });
});

describe('ProblemPanel', () => {
  const { ProblemPanel } = riderUi({});
  it('never shows the API message for a code the remote has no words for, and leads home', () => {
    const html = inLang('en', <ProblemPanel error={developer} messageId={() => null} />);
    expect(html).toContain('Part of the address is missing or wrong.');
    expect(html).not.toContain('bookingId');
    expect(html).toContain('href="/"');
  });
  it('keeps the remote’s own words and action when it has them', () => {
    const html = inLang('en', <ProblemPanel error={{ code: 'X' }} messageId={() => 'common.retry'} onRetry={noop} />);
    expect(html).toContain('Retry');
    expect(html).not.toContain('href="/"');
  });
});
