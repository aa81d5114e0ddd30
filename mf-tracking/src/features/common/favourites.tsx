// The rider's saved stops and routes (GET/POST/DELETE /api/favourites through `api`; signed in only).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { atom, useAtom, useAtomValue } from 'jotai';
import { api, loadSession, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import type { Favourite } from '@sawari/contracts';
import { Button } from '@sawari/ui';
import styles from './tracking.module.css';

/**
 * 'kept': the server could not be reached and `items` are the copy this device kept from the last answer (a saved
 * stop still reads saved offline); 'error': not reached and nothing kept, so nobody knows whether it is saved.
 */
type FavState = { status: 'idle' | 'loading' | 'ready' | 'kept' | 'error'; items: Favourite[] };
/** Favourites of the signed-in rider, loaded once per visit and kept current by the add/remove buttons. */
const favouritesAtom = atom<FavState>({ status: 'idle', items: [] });

const keptKey = (userId: string) => `sawari.tracking.favourites.${userId}`;
/** The rider's favourites as this device last heard them (null: never kept here). */
export function readKeptFavourites(userId: string): Favourite[] | null {
  try {
    const v = JSON.parse(localStorage.getItem(keptKey(userId)) ?? 'null');
    return Array.isArray(v) ? (v as Favourite[]) : null;
  } catch {
    return null;
  }
}
function keepFavourites(userId: string, items: Favourite[]): void {
  try {
    localStorage.setItem(keptKey(userId), JSON.stringify(items));
  } catch {
    // storage blocked: nothing kept for offline
  }
}

/** What the button says about one stop or route: saved, not saved, or not known (offline with nothing kept). */
export function favouriteState(fav: Pick<FavState, 'status' | 'items'>, kind: string, refId: string, city: string): 'saved' | 'notSaved' | 'unknown' {
  if (fav.status === 'error') return 'unknown';
  return fav.items.some((f) => f.kind === kind && f.refId === refId && f.city === city) ? 'saved' : 'notSaved';
}

export function useSignedIn(): { loaded: boolean; signedIn: boolean } {
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  useEffect(() => {
    void loadSession();
  }, []);
  return { loaded, signedIn };
}

export function useFavourites(): FavState & { reload: () => void; setItems: (f: (items: Favourite[]) => Favourite[]) => void } {
  const { loaded, signedIn } = useSignedIn();
  const userId = useAtomValue(sessionAtom).userId;
  const [state, setState] = useAtom(favouritesAtom);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!loaded || !signedIn) return;
    if (state.status === 'ready' && attempt === 0) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    api.get<{ favourites: Favourite[] }>('/favourites').then(
      (r) => {
        if (userId) keepFavourites(userId, r.favourites ?? []);
        if (live) setState({ status: 'ready', items: r.favourites ?? [] });
      },
      () => {
        const kept = userId ? readKeptFavourites(userId) : null;
        if (live) setState(kept ? { status: 'kept', items: kept } : (s) => ({ ...s, status: 'error' }));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, signedIn, attempt]);
  return {
    ...(signedIn ? state : { status: 'idle', items: [] }),
    reload: () => setAttempt((n) => n + 1),
    setItems: (f) =>
      setState((s) => {
        const items = f(s.items);
        if (userId) keepFavourites(userId, items);
        return { ...s, items };
      }),
  };
}

/** Add to / remove from favourites, for a stop or a route. Signed-out riders get a sign-in link instead. */
export function FavouriteButton({
  kind,
  city,
  refId,
  label,
  detail = '',
}: {
  kind: 'stop' | 'route';
  city: string;
  refId: string;
  label: string;
  detail?: string;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const fav = useFavourites();
  const { loaded, signedIn } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!loaded) return null;
  if (!signedIn) {
    const here = location.pathname.replace(/^\/app/, '');
    return (
      <p className={styles.hint}>
        <a href={`/app/login/${encodeURIComponent(here)}`}>{t('favourites.signIn')}</a>
      </p>
    );
  }
  const known = favouriteState(fav, kind, refId, city);
  // offline with nothing kept: whether it is saved is not known, so no "Add to favourites" for a stop that may be saved
  if (known === 'unknown') return <p className={styles.hint}>{t('favourites.offline')}</p>;
  const saved = fav.items.find((f) => f.kind === kind && f.refId === refId && f.city === city);
  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (saved) {
        await api.delete(`/favourites/${encodeURIComponent(saved.id)}`);
        fav.setItems((items) => items.filter((f) => f.id !== saved.id));
        setMessage({ ok: true, text: t('favourites.removed', { label }) });
      } else {
        const created = await api.post<Favourite>('/favourites', { kind, city, refId, label, detail });
        fav.setItems((items) => [created, ...items.filter((f) => f.id !== created.id)]);
        setMessage({ ok: true, text: t('favourites.added', { label }) });
      }
    } catch {
      setMessage({ ok: false, text: t('favourites.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button variant="secondary" className={styles.favButton} onClick={toggle} disabled={busy || fav.status === 'loading'} aria-pressed={!!saved}>
        {saved ? `★ ${t('favourites.remove')}` : `☆ ${t('favourites.add')}`}
      </Button>
      <p role="status" className={message ? (message.ok ? styles.hint : styles.alert) : undefined}>
        {message?.text}
      </p>
    </div>
  );
}
