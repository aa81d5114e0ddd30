// The chosen pass in facts (product, category, plan, fare, price): the fare confirmation and the pay screen show it.
import { money, styles, useT } from '../common/ui';
import type { Choice } from './flowProduct';

/** A flow with its category and fare chosen. */
export type Chosen = Choice & { category: NonNullable<Choice['category']>; fare: NonNullable<Choice['fare']> };

export function FareSummary({ c }: { c: Chosen }) {
  const t = useT();
  const sub = c.product.subCategory.find((s) => s.id === c.fare.subCatId);
  return (
    <dl className={styles.facts}>
      <dt>{t('summary.pass')}</dt>
      <dd>{c.product.name}</dd>
      <dt>{t('summary.category')}</dt>
      <dd>{c.category.name}</dd>
      {sub && (
        <>
          <dt>{t('summary.plan')}</dt>
          <dd>{sub.name}</dd>
        </>
      )}
      <dt>{t('summary.fare')}</dt>
      <dd>
        {c.fare.displayName} · {c.fare.desc}
      </dd>
      <dt>{t('summary.price')}</dt>
      <dd>{money(c.fare.discountedFare)}</dd>
    </dl>
  );
}
