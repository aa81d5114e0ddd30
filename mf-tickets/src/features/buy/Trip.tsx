// What a ticket is for: one route with its stops (from the fare once it is known), or the legs of a multi-route ticket
// in order (each removable while choosing). Shared by the ticket and pay screens.
import { MAX_LEGS, flowLegs, isMultiRoute, type Flow } from '../common/model';
import { styles, useT } from '../common/ui';
import type { Quote } from './quote';

export function Trip({ flow, fare }: { flow: Flow; fare?: Quote | null }) {
  const t = useT();
  if (isMultiRoute(flow)) return <LegList flow={flow} quote={fare ?? null} />;
  return (
    <dl className={styles.facts}>
      <dt>{t('ticket.route')}</dt>
      <dd>
        {fare?.legs[0]?.routeName ?? flow.route?.routeName}
        {flow.route?.longName ? ` · ${flow.route.longName}` : ''}
      </dd>
      {fare?.legs[0] && (
        <>
          <dt>{t('ticket.from')}</dt>
          <dd>{fare.legs[0].fromStopName}</dd>
          <dt>{t('ticket.to')}</dt>
          <dd>{fare.legs[0].toStopName}</dd>
        </>
      )}
    </dl>
  );
}

/** The legs of a multi-route ticket, in order, with the stop names from the fare once it is known. */
export function LegList({ flow, quote, onRemove }: { flow: Flow; quote: Quote | null; onRemove?: (index: number) => void }) {
  const t = useT();
  const legs = flowLegs(flow);
  return (
    <section aria-labelledby="multi-legs-h">
      <h2 id="multi-legs-h">{t('multi.legs', { count: legs.length, max: MAX_LEGS })}</h2>
      <ol className={styles.legList} data-testid="multi-legs">
        {legs.map((l, i) => {
          const named = quote?.legs[i];
          const from = named?.fromStopId === l.fromStopId ? named.fromStopName : l.fromStopId;
          const to = named?.toStopId === l.toStopId ? named.toStopName : l.toStopId;
          return (
            <li key={`${i}-${l.routeId}`}>
              <span className={styles.routeBadge}>{l.routeName}</span> {t('item.journey', { from, to })}
              {onRemove && (
                <>
                  {' '}
                  <button
                    type="button"
                    className={styles.textButton}
                    onClick={() => onRemove(i)}
                    aria-label={t('multi.remove', { n: i + 1, route: l.routeName })}
                  >
                    {t('multi.removeShort')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
