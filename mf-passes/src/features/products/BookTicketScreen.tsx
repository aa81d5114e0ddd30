// /book/bookTicket/:city/:routeId: a ticket link, handed to the tickets remote in the link's city.
import { useNavigate, useParams } from 'react-router-dom';
import { Page, useT } from '../common/ui';
import { InCity, Redirect } from './InCity';
import { ticketPath } from './links';

/** /book/bookTicket/:city/:routeId: tickets belong to the tickets remote (/one-way-ticket). */
export function BookTicketScreen() {
  const t = useT();
  const { city = '', routeId = '' } = useParams();
  const navigate = useNavigate();
  const go = () => navigate(ticketPath(city, routeId), { replace: true });
  return (
    <Page heading={t('link.heading')}>
      <InCity city={city}>
        <Redirect run={go} />
      </InCity>
    </Page>
  );
}
