// /sawari-card/card-history/:cardNumber: a card's taps (fare, route) and the rider's recharges with their state, newest
// first, 20 a page. `:cardNumber` is the card's own reference (crd_…), never its number (docs/cards.md).
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { cardsApi } from '../common/api';
import { historyStateId } from '../common/model';
import { CardFacts, ListSkeleton, LoadError, Page, ProblemPanel, RequireSignIn, money, styles, useAsync, useDates, useT } from '../common/ui';

export const PAGE_SIZE = 20;

export default function HistoryScreen() {
  const t = useT();
  const { cardNumber } = useParams();
  return (
    <Page heading={t('history.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        <History cardRef={cardNumber ?? ''} />
      </RequireSignIn>
    </Page>
  );
}

function History({ cardRef }: { cardRef: string }) {
  const t = useT();
  const { dateTime, date } = useDates();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Math.min(10_000, Number(params.get('page')) || 0));
  const h = useAsync(() => cardsApi.history(cardRef, page, PAGE_SIZE), `${cardRef}:${page}`);
  if (h.status === 'loading') return <ListSkeleton />;
  if (h.status === 'error')
    return h.error.code === 'CARD_NOT_FOUND' || h.error.code === 'VALIDATION_FAILED' ? (
      <ProblemPanel error={{ code: 'CARD_NOT_FOUND' }} action={{ path: '/card-payments', labelId: 'cards.heading' }} />
    ) : (
      <LoadError error={h.error} onRetry={h.retry} />
    );
  const { card, items, hasMore } = h.data;
  const go = (p: number) => setParams(p ? { page: String(p) } : {});
  return (
    <>
      <div className={styles.card}>
        <h2 className={styles.cardName}>{card.name}</h2>
        <CardFacts card={card} />
      </div>
      <h2 id="history-list">{t('history.list')}</h2>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>{t(page ? 'history.noMore' : 'history.empty')}</p>
        </div>
      ) : (
        <ul className={styles.history} aria-labelledby="history-list">
          {items.map((i) => (
            <li key={i.id}>
              <span>
                <strong>{i.type === 'TAP' ? (i.routeName ? t('history.tapOn', { route: i.routeName }) : t('history.tapAt')) : t('history.recharge')}</strong>
                <br />
                <span className={styles.hint}>
                  <time dateTime={new Date(i.at).toISOString()} title={date(i.at)}>
                    {dateTime(i.at)}
                  </time>{' '}
                  · {t(historyStateId(i))}
                </span>
              </span>
              <span>
                <span className={i.type === 'RECHARGE' ? styles.credit : styles.debit}>
                  {i.type === 'RECHARGE' ? `+${money(i.amountPaise)}` : i.state === 'ACCEPTED' ? `−${money(i.amountPaise)}` : money(0)}
                </span>
                {i.balanceAfterPaise !== null && (
                  <>
                    <br />
                    <span className={styles.hint}>{t('history.balanceAfter', { balance: money(i.balanceAfterPaise) })}</span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <nav className={styles.actions} aria-label={t('history.pages')}>
        {page > 0 && (
          <button type="button" className={styles.textButton} onClick={() => go(page - 1)}>
            {t('history.newer')}
          </button>
        )}
        {hasMore && (
          <button type="button" className={styles.textButton} onClick={() => go(page + 1)}>
            {t('history.older')}
          </button>
        )}
        <Link to="/card-payments">{t('cards.heading')}</Link>
      </nav>
    </>
  );
}
