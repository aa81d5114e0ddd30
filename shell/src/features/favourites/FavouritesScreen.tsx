import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@sawari/runtime';
import type { Favourite } from '@sawari/contracts';
import { Button } from '@sawari/ui';
import type { ScreenProps } from '../../layout/screen';
import { EmptyState, ListSkeleton, LoadError, Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import { favouritePath } from './favouritePath';
import { RequireSession } from '../common/session';
import { useAsync } from '../common/useAsync';
import styles from '../common/page.module.css';
import own from './favourites.module.css';

const KINDS = ['stop', 'route', 'trip'] as const;

const listFavourites = (q: string) => api.get<{ favourites: Favourite[] }>('/favourites', { params: { q: q || undefined } }).then((r) => r.favourites ?? []);

function SearchForm({ initial }: { initial: string }) {
  const intl = useIntl();
  const [query, setQuery] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    go(q ? `/Favorites/search/${encodeURIComponent(q)}` : '/Favorites');
  };
  return (
    <form role="search" onSubmit={submit} className={own.search}>
      <div className={styles.field}>
        <label htmlFor={id}>{intl.formatMessage({ id: 'favourites.search.label' })}</label>
        <div className={own.searchRow}>
          <input id={id} className={styles.input} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          <Button type="submit">{intl.formatMessage({ id: 'favourites.search.button' })}</Button>
        </div>
      </div>
    </form>
  );
}

function FavouritesList({ query }: { query: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const list = useAsync(() => listFavourites(query), query);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (f: Favourite) => {
    setRemoving(f.id);
    try {
      await api.delete(`/favourites/${encodeURIComponent(f.id)}`);
      list.setData((all) => all.filter((x) => x.id !== f.id));
      setStatus({ ok: true, text: t('favourites.removed', { label: f.label }) });
      // The button that had the focus is gone: the list's heading takes it.
      document.getElementById('favourites-list')?.focus();
    } catch {
      setStatus({ ok: false, text: t('favourites.removeFailed', { label: f.label }) });
    } finally {
      setRemoving(null);
    }
  };

  if (list.status === 'loading') return <ListSkeleton />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const favourites = list.data;
  return (
    <div id="favourites-list" tabIndex={-1} className={own.list}>
      <p role="status" className={status ? (status.ok ? styles.notice : styles.alert) : undefined}>
        {status?.text}
      </p>
      {query && <h2>{t('favourites.results.heading', { query })}</h2>}
      {favourites.length === 0 &&
        (query ? (
          <p>
            {t('favourites.results.empty', { query })} <AppLink to="/Favorites">{t('favourites.results.all')}</AppLink>
          </p>
        ) : (
          <EmptyState heading={t('favourites.empty.heading')}>
            <p>{t('favourites.empty.body')}</p>
          </EmptyState>
        ))}
      {KINDS.map((kind) => {
        const items = favourites.filter((f) => f.kind === kind);
        if (items.length === 0) return null;
        const Heading = query ? 'h3' : 'h2';
        return (
          <section key={kind} aria-labelledby={`fav-${kind}`}>
            <Heading id={`fav-${kind}`}>{t(`favourites.kind.${kind}`)}</Heading>
            <ul className={styles.cards}>
              {items.map((f) => (
                <li key={f.id} className={`${styles.card} ${styles.row}`}>
                  <span>
                    {favouritePath(f) ? (
                      <AppLink to={favouritePath(f)!} className={styles.cardTitle} data-favourite={f.id}>
                        {f.label}
                      </AppLink>
                    ) : (
                      <span className={styles.cardTitle}>{f.label}</span>
                    )}
                    {f.detail && <span className={styles.cardDesc}>{f.detail}</span>}
                  </span>
                  <Button variant="secondary" onClick={() => remove(f)} disabled={removing === f.id} aria-label={t('favourites.remove', { label: f.label })}>
                    ✕
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {query && favourites.length > 0 && (
        <p>
          <AppLink to="/Favorites">{t('favourites.results.all')}</AppLink>
        </p>
      )}
    </div>
  );
}

/** /Favorites and /Favorites/search/:data: saved stops, routes and trips grouped by kind, each removable. */
export default function FavouritesScreen({ params }: ScreenProps) {
  const intl = useIntl();
  const query = (params.data ?? '').trim();
  const path = query ? `/Favorites/search/${encodeURIComponent(query)}` : '/Favorites';
  return (
    <Page heading={intl.formatMessage({ id: 'favourites.heading' })}>
      <RequireSession path={path}>
        <SearchForm key={query} initial={query} />
        <FavouritesList query={query} />
      </RequireSession>
    </Page>
  );
}
