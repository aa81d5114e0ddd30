import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { NotFoundHere } from './remote-spa';

// A remote's catch-all: "not found" inside its own areas only. A screen that sends a signed-out rider to sign in
// changes the address before single-spa unmounts the remote; the remote must not flash "not found" for it.
const at = (path: string) =>
  renderToStaticMarkup(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <NotFoundHere areas={new Set(['/premium-buses', '/great-escape'])} />
      </MemoryRouter>
    </IntlProvider>,
  );

describe('a remote’s catch-all', () => {
  it('says not found for an address in its own areas that no route answers', () => {
    expect(at('/premium-buses/no-such-screen')).toContain('<h1');
    expect(at('/great-escape/a/b/c')).toContain('<h1');
  });
  it('draws nothing for another app’s address (the sign-in screen the rider is being sent to)', () => {
    expect(at('/login/%2Fpremium-buses')).toBe('');
    expect(at('/premium-buses-x')).toBe('');
  });
});
