import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'jotai';
import { loadCatalog, registerCatalogs, useCatalog } from './i18n';
import { sawariStore } from './store';

// A catalog loaded once (before a remote's first render, createRemoteSpa's mount) is there on a screen's first
// render: no loading state and no second render to wait for.
function Shows({ remote }: { remote: string }) {
  const { messages } = useCatalog(remote);
  return <p>{messages ? messages.hello : 'loading'}</p>;
}
const draw = (remote: string) =>
  renderToStaticMarkup(
    <Provider store={sawariStore}>
      <Shows remote={remote} />
    </Provider>,
  );

describe('catalogs', () => {
  it('a loaded catalog is there on the first render', async () => {
    registerCatalogs('probe', { en: async () => ({ hello: 'Hello' }) });
    expect(draw('probe')).toContain('loading');
    expect(await loadCatalog('probe', 'en')).toEqual({ hello: 'Hello' });
    expect(draw('probe')).toContain('Hello');
  });
  it('registering the catalogs again forgets what was loaded', async () => {
    registerCatalogs('again', { en: async () => ({ hello: 'Old' }) });
    await loadCatalog('again', 'en');
    registerCatalogs('again', { en: async () => ({ hello: 'New' }) });
    expect(draw('again')).toContain('loading');
    expect(await loadCatalog('again', 'en')).toEqual({ hello: 'New' });
  });
  it('a language that fails falls back to English without keeping English as that language', async () => {
    let hindiFails = true;
    registerCatalogs('fallback', {
      en: async () => ({ hello: 'Hello' }),
      hi: async () => {
        if (hindiFails) throw new Error('offline');
        return { hello: 'नमस्ते' };
      },
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadCatalog('fallback', 'hi')).toEqual({ hello: 'Hello' });
    error.mockRestore();
    hindiFails = false;
    expect(await loadCatalog('fallback', 'hi')).toEqual({ hello: 'नमस्ते' });
  });
});
