// /your-tickets-and-passes/summary/:transactionId: the item, its validity, fare, terms and links.
import { ItemPage, ItemSummary } from '../common/item-page';
import { useT } from '../common/ui';

export default function SummaryScreen() {
  const t = useT();
  return <ItemPage heading={t('summary.heading')}>{(item, city) => <ItemSummary item={item} city={city} />}</ItemPage>;
}
