// /card-payments: the rider's linked cards (spec §7 wallet card list), each with its facts and actions (recharge,
// move paid money to an NCMC chip, history, rename or unlink). Only the last four digits are ever shown.
import { Link } from 'react-router-dom';
import type { LinkedCard } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { cardActions, flowPaths } from '../common/model';
import { historyPath, summaryPath, transferCardPath } from '../common/paths';
import { CardFacts, ListSkeleton, LoadError, LinkACard, Page, RequireSignIn, kindId, styles, useAsync, useT } from '../common/ui';

function CardItem({ card }: { card: LinkedCard }) {
  const t = useT();
  const headingId = `card-${card.cardRef}`;
  const can = cardActions(card);
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardName}>
          {card.name}
        </h2>
        <span className={styles.badge}>{t(kindId(card.kind))}</span>
      </div>
      <CardFacts card={card} />
      <p className={styles.cardActions}>
        {can.recharge && (
          <Link className={styles.linkButton} to={flowPaths(card.kind).amount(card.cardRef)} aria-label={t('cards.rechargeOf', { name: card.name })}>
            {t('cards.recharge')}
          </Link>
        )}
        {can.transfer && <Link to={transferCardPath(card.cardRef)}>{t('cards.transfer')}</Link>}
        <Link to={historyPath(card.cardRef)} aria-label={t('cards.historyOf', { name: card.name })}>
          {t('cards.history')}
        </Link>
        <Link to={summaryPath(card.cardRef)} aria-label={t('cards.manageOf', { name: card.name })}>
          {t('cards.manage')}
        </Link>
      </p>
    </li>
  );
}

export function CardsScreen() {
  const t = useT();
  return (
    <Page heading={t('cards.heading')} intro={t('cards.intro')}>
      <RequireSignIn>
        <CardList />
      </RequireSignIn>
    </Page>
  );
}

function CardList() {
  const t = useT();
  const list = useAsync(() => cardsApi.list(), 'cards');
  if (list.status === 'loading') return <ListSkeleton />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  return (
    <>
      {list.data.cards.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('cards.empty')}</p>
        </div>
      ) : (
        <ul className={styles.cards}>
          {list.data.cards.map((c) => (
            <CardItem key={c.cardRef} card={c} />
          ))}
        </ul>
      )}
      <LinkACard />
    </>
  );
}
