// /bus-pass-purchase/sub-category-selection/:configId: the first step of a purchase, which plan of the product.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { useFlow } from '../common/flow';
import { blockOf, validityNoteId } from '../common/model';
import { Page, paths, ProblemPanel, Steps, styles, useT } from '../common/ui';
import { WithProduct, type Choice } from './flowProduct';
import { initialSubCategory } from './model';

/** /bus-pass-purchase/sub-category-selection/:configId */
export function SubCategoryScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('sub.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <Steps current="choose" withDocuments={false} />
      <WithProduct configId={configId}>{(c) => <SubCategories c={c} />}</WithProduct>
    </Page>
  );
}

function SubCategories({ c }: { c: Choice }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const subs = c.product.subCategory;
  const firstActive = initialSubCategory(subs, null);
  const [chosen, setChosen] = useState<string | null>(initialSubCategory(subs, flow.subCatId));
  const block = blockOf(c.product);
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setFlow((f) => ({ ...f, subCatId: chosen }));
    navigate(paths.fares(c.product.id));
  };
  return (
    <form onSubmit={next}>
      <h2>{c.product.name}</h2>
      {c.product.landingMessage && <p>{c.product.landingMessage}</p>}
      {block && <ProblemPanel error={{ code: block }} />}
      <fieldset className={styles.fieldset}>
        <legend>{t('sub.legend')}</legend>
        {subs.map((s) => {
          const note = validityNoteId(c.product, s);
          return (
            <label key={s.id} className={styles.option}>
              <input type="radio" name="sub" value={s.id} checked={chosen === s.id} disabled={!s.isActive || !!block} onChange={() => setChosen(s.id)} />
              <span className={styles.optionBody}>
                <strong>{s.name}</strong>
                {s.infoNote && <span className={styles.muted}>{s.infoNote}</span>}
                {note && <span className={`${styles.small} ${styles.muted}`}>{t(note)}</span>}
                {!s.isActive && <span className={styles.error}>{t('error.SUB_CATEGORY_INACTIVE')}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      {!firstActive && !block && <ProblemPanel error={{ code: 'SUB_CATEGORY_INACTIVE' }} />}
      <Button type="submit" disabled={!chosen || !!block}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
