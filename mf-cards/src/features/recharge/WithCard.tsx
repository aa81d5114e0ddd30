// The card of `?card=` for the amount and confirm screens, with its loading and error states, or a way back when it is
// missing; and which kind of card a flow path is for (/select-card: the city card, /ncmc-card-recharge: NCMC).
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { CardKind } from '@sawari/domain';
import type { LinkedCard } from '@sawari/contracts';
import { CARDS_PATH } from '../common/paths';
import { ListSkeleton, LoadError, ProblemPanel, useCard } from '../common/ui';

/** Which kind of card a flow path is for. */
export const useFlowKind = (): CardKind => (useLocation().pathname.startsWith('/ncmc-card-recharge') ? 'ncmc' : 'closedLoop');

const TO_CARDS = { path: CARDS_PATH, labelId: 'cards.heading' } as const;

export function WithCard({ children }: { children: (card: LinkedCard, setCard: (c: LinkedCard) => void) => ReactNode }) {
  const [params] = useSearchParams();
  const ref = params.get('card');
  const card = useCard(ref);
  if (!ref) return <ProblemPanel error={{ code: 'CARD_NOT_FOUND' }} action={TO_CARDS} />;
  if (card.status === 'loading') return <ListSkeleton />;
  if (card.status === 'error')
    return card.error.code === 'CARD_NOT_FOUND' ? <ProblemPanel error={card.error} action={TO_CARDS} /> : <LoadError error={card.error} onRetry={card.retry} />;
  return <>{children(card.data, (c) => card.setData(() => c))}</>;
}
