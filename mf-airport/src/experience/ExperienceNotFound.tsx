// An address below /airport-experience that none of its routes answers: a heading and the home page as the way on.
import { SawariIntlProvider } from '@sawari/runtime';
import { NotFoundScreen } from '@sawari/ui/src/intl';
import { EXPERIENCE_CATALOG } from './i18n/catalogs';

export function ExperienceNotFound() {
  return (
    <SawariIntlProvider remote={EXPERIENCE_CATALOG} fallback={null}>
      <NotFoundScreen />
    </SawariIntlProvider>
  );
}
