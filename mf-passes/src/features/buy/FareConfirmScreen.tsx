// /bus-pass-purchase/fares/:configId/confirmation: the chosen fare, its features and the product's terms, before the
// rider's details.
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { blockOf } from '../common/model';
import { Page, paths, ProblemPanel, Steps, styles, useT } from '../common/ui';
import { WithFare } from './flowProduct';
import { FareSummary, type Chosen } from './FareSummary';

/** /bus-pass-purchase/fares/:configId/confirmation */
export function FareConfirmScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('confirmFare.heading')} back={{ to: paths.fares(configId), label: t('common.back') }}>
      <Steps current="choose" withDocuments={false} />
      <WithFare>{(c) => <FareConfirm c={c} />}</WithFare>
    </Page>
  );
}

function FareConfirm({ c }: { c: Chosen }) {
  const t = useT();
  const navigate = useNavigate();
  const block = blockOf(c.product, c.category, c.fare);
  return (
    <>
      <FareSummary c={c} />
      {c.fare.specialFeatures.length > 0 && (
        <>
          <h2>{t('products.features')}</h2>
          <ul className={styles.features}>
            {c.fare.specialFeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      {c.product.terms.length > 0 && (
        <>
          <h2>{t('products.terms')}</h2>
          <ul className={styles.terms}>
            {c.product.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </>
      )}
      {c.fare.proofRequired && <p className={styles.warn}>{t('confirmFare.proofNote')}</p>}
      {block && <ProblemPanel error={{ code: block }} configId={c.product.id} />}
      <p className={styles.actions}>
        <Button onClick={() => navigate(paths.details)} disabled={!!block}>
          {t('confirmFare.confirm')}
        </Button>
      </p>
    </>
  );
}
