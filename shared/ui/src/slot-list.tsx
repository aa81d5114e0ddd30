// One slot list for the reserved-seat screens (mf-premium's booking and change-of-slot lists, mf-airport's
// airport-express slots): a card a departure with its time, what the remote says about it (seats left, price, a
// badge) and, when it can be chosen, one button with a label naming the time. Texts come from the remote's catalog.
import type { ReactNode } from 'react';
import { Button } from './components';
import { riderStyles } from './rider';
import own from './slot-list.module.css';

export interface SlotRow {
  key: string;
  /** The departure time as shown ("5:00 PM"). */
  time: string;
  /** Beside the time (e.g. "reaches at 5:55 PM"). */
  aside?: ReactNode;
  /** Under the time: seats left, sold out, a price note. */
  detail?: ReactNode;
  /** A slot that cannot be chosen is shown dimmed. */
  inactive?: boolean;
  action?: { label: string; ariaLabel: string; onClick: () => void; disabled?: boolean } | null;
}

export function SlotList({ rows, empty }: { rows: readonly SlotRow[]; empty: string }) {
  if (rows.length === 0) return <p className={riderStyles.empty}>{empty}</p>;
  return (
    <ul className={own.list}>
      {rows.map((r) => (
        <li key={r.key} className={`${riderStyles.card} ${r.inactive ? riderStyles.cardInactive : ''}`}>
          <div className={own.slot}>
            <div>
              <span className={own.time}>{r.time}</span>
              {r.aside && <> {r.aside}</>}
              {r.detail && <p className={riderStyles.small}>{r.detail}</p>}
            </div>
            {r.action && (
              <Button onClick={r.action.onClick} disabled={r.action.disabled} aria-label={r.action.ariaLabel}>
                {r.action.label}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
