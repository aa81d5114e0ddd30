// Home's notices card: what happened that the rider did not see happen (an operator's cancel, a refund, a decision on
// documents…), written by the server in the rider's language (GET /api/notices), each shown until the rider marks it
// seen (POST /api/notices/:id/seen). Only the few newest are shown (a rider with a pile of them reads the ones that
// matter, newest first, and the count of the rest), and Dismiss all marks every one seen at once. Home draws it below
// the next buses. Signed-out riders have none; a list that cannot be read says so with Try again.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@sawari/runtime';
import { formatCityDateTime } from '@sawari/domain';
import type { RiderNotice, RiderNoticeList } from '@sawari/contracts';
import { useAsync } from '../common/useAsync';
import own from './home.module.css';
import { SectionProblem } from './SectionProblem';

/** How many notices Home shows (newest first); the rest are counted, and Dismiss all clears them too. */
export const NOTICES_SHOWN = 3;

export function Notices() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const list = useAsync(() => api.get<RiderNoticeList>('/notices'), 'notices');
  const [failed, setFailed] = useState<number | 'all' | null>(null);
  const [clearing, setClearing] = useState(false);
  if (list.status === 'loading') return null;
  if (list.status === 'error')
    return (
      <section aria-labelledby="home-notices" className={own.notices}>
        <h2 id="home-notices">{t('home.notices.heading')}</h2>
        <SectionProblem error={list.error} message={t('home.notices.error')} onRetry={list.retry} />
      </section>
    );
  if (list.data.notices.length === 0) return null;
  const seen = async (n: RiderNotice) => {
    setFailed(null);
    try {
      await api.post(`/notices/${n.id}/seen`);
      list.setData((d) => ({ notices: d.notices.filter((x) => x.id !== n.id) }));
    } catch {
      setFailed(n.id);
    }
  };
  const all = list.data.notices;
  const seenAll = async () => {
    setFailed(null);
    setClearing(true);
    // One request per notice (the API marks them one by one); those that went through are gone even if one failed.
    const done = await Promise.allSettled(all.map((n) => api.post(`/notices/${n.id}/seen`).then(() => n.id)));
    const gone = new Set(done.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : [])));
    list.setData((d) => ({ notices: d.notices.filter((x) => !gone.has(x.id)) }));
    if (gone.size < all.length) setFailed('all');
    setClearing(false);
  };
  const newest = [...all].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  const shown = newest.slice(0, NOTICES_SHOWN);
  return (
    <section aria-labelledby="home-notices" className={own.notices} data-testid="home-notices">
      <h2 id="home-notices">{t('home.notices.heading')}</h2>
      <ul>
        {shown.map((n) => (
          <li key={n.id} data-notice-kind={n.kind ?? undefined}>
            <p id={`notice-${n.id}`}>{n.body}</p>
            <p className={own.noticeWhen}>{formatCityDateTime(n.createdAt, intl.locale)}</p>
            <button type="button" className={own.noticeButton} aria-describedby={`notice-${n.id}`} onClick={() => void seen(n)}>
              {t('home.notices.seen')}
            </button>
            {failed === n.id && (
              <p role="alert" className={own.noticeError}>
                {t('home.notices.seenFailed')}
              </p>
            )}
          </li>
        ))}
      </ul>
      {all.length > shown.length && <p className={own.noticeWhen}>{t('home.notices.older', { n: all.length - shown.length })}</p>}
      {all.length > 1 && (
        <button type="button" className={own.noticeButton} onClick={() => void seenAll()} disabled={clearing} aria-busy={clearing}>
          {t('home.notices.seenAll')}
        </button>
      )}
      {failed === 'all' && (
        <p role="alert" className={own.noticeError}>
          {t('home.notices.seenFailed')}
        </p>
      )}
    </section>
  );
}
