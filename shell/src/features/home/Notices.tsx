// Home's notices card: what happened that the rider did not see happen (an operator's cancel, a refund, a decision on
// documents…), written by the server in the rider's language (GET /api/notices), each shown until the rider marks it
// seen (POST /api/notices/:id/seen). Signed-out riders have none; a list that cannot be read says so with Try again.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@sawari/runtime';
import { formatCityDateTime } from '@sawari/domain';
import type { RiderNotice, RiderNoticeList } from '@sawari/contracts';
import { useAsync } from '../common/useAsync';
import own from './home.module.css';
import { SectionProblem } from './SectionProblem';

export function Notices() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const list = useAsync(() => api.get<RiderNoticeList>('/notices'), 'notices');
  const [failed, setFailed] = useState<number | null>(null);
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
  return (
    <section aria-labelledby="home-notices" className={own.notices} data-testid="home-notices">
      <h2 id="home-notices">{t('home.notices.heading')}</h2>
      <ul>
        {list.data.notices.map((n) => (
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
    </section>
  );
}
