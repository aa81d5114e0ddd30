// /bus-pass-purchase/fares/:configId: the fares of the chosen plan by category, each with its price, features and what
// blocks it; the first that can be bought starts chosen.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { useFlow } from '../common/flow';
import { blockOf, chooseFare } from '../common/model';
import { money, Page, paths, ProblemPanel, Steps, styles, useT } from '../common/ui';
import { WithProduct, type Choice } from './flowProduct';
import { fareKey, fareOptions, initialFare } from './model';

/** /bus-pass-purchase/fares/:configId */
export function FaresScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('fares.heading')} back={{ to: paths.subCategory(configId), label: t('common.back') }}>
      <Steps current="choose" withDocuments={false} />
      <WithProduct configId={configId}>{(c) => <Fares c={c} />}</WithProduct>
    </Page>
  );
}

function Fares({ c }: { c: Choice }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const p = c.product;
  const sub = flow.subCatId;
  const options = fareOptions(p, sub);
  const [chosen, setChosen] = useState<string | null>(initialFare(options, flow));
  const next = (e: FormEvent) => {
    e.preventDefault();
    const o = options.find((x) => fareKey(x) === chosen);
    if (!o) return;
    setFlow((f) => chooseFare(f, o.category.id, o.fare.fmId, o.fare.subCatId));
    navigate(paths.confirmFare(p.id));
  };
  return (
    <form onSubmit={next}>
      <h2>{p.name}</h2>
      {p.categories.map((category) => {
        const mine = options.filter((o) => o.category.id === category.id);
        if (!mine.length) return null;
        return (
          <fieldset key={category.id} className={styles.fieldset}>
            <legend>{category.name}</legend>
            {!category.isActive && <p className={styles.error}>{t('error.CATEGORY_INACTIVE')}</p>}
            {mine.map(({ fare, block }) => {
              const value = fareKey({ category, fare });
              return (
                <label key={value} className={styles.option}>
                  <input type="radio" name="fare" value={value} checked={chosen === value} disabled={!!block} onChange={() => setChosen(value)} />
                  <span className={styles.optionBody}>
                    <span className={styles.cardHead}>
                      <strong>{fare.displayName}</strong>
                      <span className={styles.price}>
                        {fare.discountedFare < fare.fare && (
                          <>
                            <s aria-label={t('fares.was', { price: money(fare.fare) })}>{money(fare.fare)}</s>{' '}
                          </>
                        )}
                        {money(fare.discountedFare)}
                      </span>
                    </span>
                    <span className={styles.muted}>{fare.desc}</span>
                    {fare.specialFeatures.length > 0 && <span className={styles.small}>{fare.specialFeatures.join(' · ')}</span>}
                    {fare.proofRequired && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('fares.needsProof')}</span>}
                    {block && category.isActive && <span className={styles.error}>{t(`error.${block}`)}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {!options.some((o) => !o.block) && <ProblemPanel error={{ code: blockOf(p) ?? 'FARE_INACTIVE' }} configId={p.id} />}
      <Button type="submit" disabled={!chosen}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
