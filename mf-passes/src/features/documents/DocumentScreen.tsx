// /bus-pass-purchase/document: what proofs a pass that needs them asks for.
import { Link } from 'react-router-dom';
import { suggestedIdKind } from '../common/model';
import { Page, paths, Steps, styles, useT } from '../common/ui';
import { WithFare } from '../buy/flowProduct';

/** /bus-pass-purchase/document: what is needed. */
export function DocumentScreen() {
  const t = useT();
  return (
    <Page heading={t('doc.heading')} back={{ to: paths.details, label: t('common.back') }}>
      <Steps current="documents" withDocuments />
      <WithFare>
        {(c) => (
          <>
            <p>{t('doc.intro', { category: c.category.name })}</p>
            <ul>
              <li>{t('doc.photo')}</li>
              <li>{t('doc.id', { kind: t(`proof.${suggestedIdKind(c.category.id, c.category.name)}`) })}</li>
            </ul>
            <p className={styles.muted}>{t('doc.rules')}</p>
            <p className={styles.muted}>{t('doc.review')}</p>
            <p className={styles.actions}>
              <Link className={styles.linkButton} to={paths.upload}>
                {t('doc.start')}
              </Link>
            </p>
          </>
        )}
      </WithFare>
    </Page>
  );
}
