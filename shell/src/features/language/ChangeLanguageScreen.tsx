import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Page } from '../common/Page';
import { AppLink } from '../common/nav';
import { LanguageOptions } from './LanguageOptions';

/** /change-language: switches at once (react-intl re-renders every screen); the choice survives a reload. */
export default function ChangeLanguageScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [changed, setChanged] = useState(false);
  return (
    <Page heading={t('language.heading')}>
      <LanguageOptions legend={t('language.intro')} onChange={() => setChanged(true)} />
      {/* Announced in the new language once its messages arrived. */}
      <p role="status">{changed ? t('language.changed') : null}</p>
      <p>
        <AppLink to="/">{t('common.back')}</AppLink>
      </p>
    </Page>
  );
}
