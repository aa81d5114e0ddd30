// /select-card (the city card) and /ncmc-card-recharge (NCMC): choose which linked card of that kind to recharge.
import { Link } from 'react-router-dom';
import type { CardKind } from '@sawari/domain';
import { cardsApi } from '../common/api';
import { cardActions, flowPaths } from '../common/model';
import { CARDS_PATH } from '../common/paths';
import { CardFacts, LinkACard, ListSkeleton, LoadError, Page, RequireSignIn, styles, useAsync, useT } from '../common/ui';
import { useFlowKind } from './WithCard';

export function SelectCardScreen() {
  const t = useT();
  const kind = useFlowKind();
  return (
    <Page heading={t(kind === 'ncmc' ? 'select.headingNcmc' : 'select.heading')} back={{ to: CARDS_PATH, label: t('cards.heading') }}>
      <RequireSignIn>
        <SelectCard kind={kind} />
      </RequireSignIn>
    </Page>
  );
}

function SelectCard({ kind }: { kind: CardKind }) {
  const t = useT();
  const list = useAsync(() => cardsApi.list(), 'cards');
  if (list.status === 'loading') return <ListSkeleton />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const cards = list.data.cards.filter((c) => c.kind === kind);
  return (
    <>
      {cards.length === 0 ? (
        <div className={styles.empty}>
          <p>{t(kind === 'ncmc' ? 'select.emptyNcmc' : 'select.empty')}</p>
        </div>
      ) : (
        <ul className={styles.cards}>
          {cards.map((c) => (
            <li key={c.cardRef} className={styles.card}>
              <h2 className={styles.cardName}>{c.name}</h2>
              <CardFacts card={c} />
              {cardActions(c).recharge ? (
                <Link className={styles.linkButton} to={flowPaths(kind).amount(c.cardRef)} aria-label={t('cards.rechargeOf', { name: c.name })}>
                  {t('cards.recharge')}
                </Link>
              ) : (
                <p className={styles.error}>{t(c.status === 'BLOCKED' ? 'error.cardBlocked' : 'error.cardExpired')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <LinkACard />
    </>
  );
}
