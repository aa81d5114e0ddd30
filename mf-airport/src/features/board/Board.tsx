import { formatBookAt, formatClock12h, formatDataAge } from '@sawari/domain';
import type { AirportBoardConfig, TripTimingsResponse } from '@sawari/contracts';
import { boardRows } from './boardModel';
import { texts } from './texts';
import { useMinuteClock } from './useMinuteClock';
import styles from './board.module.css';

type Props = {
  orientation: 'vertical' | 'horizontal';
  config: AirportBoardConfig;
  timings: TripTimingsResponse | null;
  updatedAt: number | null;
  failing?: boolean;
};

export function Board({ orientation, config, timings, updatedAt, failing = false }: Props) {
  useMinuteClock(); // re-render every minute; "now" itself is read at render time
  const now = Date.now();
  const rows = boardRows(config, timings, now);
  // Fresh data says nothing; while the server does not answer, the age shows from the first failed call.
  const age = updatedAt === null ? null : (formatDataAge(updatedAt, now) ?? (failing ? texts.updatedUnderAMinute : null));
  return (
    <section
      className={`${styles.board} ${orientation === 'horizontal' ? styles.horizontal : styles.vertical}`}
      aria-labelledby="board-heading"
      data-orientation={orientation}
    >
      <header className={styles.top}>
        <h1 id="board-heading" className={styles.heading}>
          {texts.heading}
        </h1>
        <p className={styles.clock}>
          <span className={styles.srOnly}>{texts.currentTime}: </span>
          <time data-testid="board-clock">{formatClock12h(now)}</time>
        </p>
      </header>
      <div className={styles.schedule} aria-live="polite">
        <table className={styles.rows}>
          <caption className={styles.subheading}>{texts.subheading}</caption>
          <thead className={styles.srOnly}>
            <tr>
              <th scope="col">{texts.destinationColumn}</th>
              <th scope="col">{texts.nextBusColumn}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid="board-row">
                <th scope="row" className={styles.destination}>
                  {r.destination}
                </th>
                <td className={styles.nextBus}>
                  {r.nextBus}
                  {r.departsAt && (
                    <span className={styles.departsAt}>
                      {' '}
                      {texts.leaves} {r.departsAt}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {(age || failing) && (
          <p className={styles.age} data-testid="board-age">
            {age}
            {failing && (
              <span className={styles.reconnecting} data-testid="board-reconnecting">
                {age ? ' · ' : ''}
                {texts.reconnecting}
              </span>
            )}
          </p>
        )}
      </div>
      <footer className={styles.bookAt}>
        <span className={styles.bookAtLabel}>{texts.bookAt}</span> <span data-testid="board-book-at">{formatBookAt(config.place, config.counter)}</span>
      </footer>
    </section>
  );
}
