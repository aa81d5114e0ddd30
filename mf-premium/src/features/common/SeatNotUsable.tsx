// A booking that is not (or no longer) the rider's to pay for, use, cancel or change: what it is (the shared status
// model's headline and pill), why this page cannot go on, and the booking's page (its refund and the rest). One block
// for the pay step, the page after the checkout, and cancel / change of slot.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from './model';
import { SeatStatus, styles, useT } from './ui';

export function SeatNotUsable({
  b,
  now,
  message,
  warn = false,
  testId,
  children,
}: {
  b: { bookingId: string; status: string; tripSlotStartTime: number; arrivalTime: number };
  now: number;
  message: string;
  /** The message as a warning (a refused action) rather than plain text. */
  warn?: boolean;
  testId?: string;
  /** Shown between the message and the link (the booking's facts). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div data-testid={testId}>
      <p role="status">
        <SeatStatus b={b} now={now} />
      </p>
      <p className={warn ? styles.warn : undefined}>{message}</p>
      {children}
      <Link className={styles.linkButton} to={paths.summary(b.bookingId)}>
        {t('booking.see')}
      </Link>
    </div>
  );
}
