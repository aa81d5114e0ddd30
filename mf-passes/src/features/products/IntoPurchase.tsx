// A deep link into the purchase (/book/bookProduct, /buy-pass): the gates, then the flow started and the link replaced.
import { useNavigate } from 'react-router-dom';
import { useFlow } from '../common/flow';
import type { Flow } from '../common/model';
import { CityGate, Page, RequireSignIn, useT } from '../common/ui';
import { InCity, Redirect } from './InCity';

/** A deep link into the purchase: signed in, in the link's city (switched to), where passes are sold; then `start`
 * updates the flow and the link is replaced by `to` in the history. */
export function IntoPurchase({ city, to, start }: { city: string; to: string; start: (flow: Flow) => Flow }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const go = () => {
    setFlow(start);
    navigate(to, { replace: true });
  };
  return (
    <Page heading={t('link.heading')}>
      <RequireSignIn>
        <InCity city={city}>
          <CityGate>{() => <Redirect run={go} />}</CityGate>
        </InCity>
      </RequireSignIn>
    </Page>
  );
}
