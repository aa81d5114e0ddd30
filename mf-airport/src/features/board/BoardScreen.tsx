import { useEffect } from 'react';
import type { ScreenProps } from '../../screen';
import { parseBoardSegment } from '@sawari/domain';
import { Board } from './Board';
import { BoardMessage } from './BoardMessage';
import { texts } from './texts';
import { useBoardData } from './useBoardData';
import styles from './board.module.css';

/** /airport-static-screens/:board/:terminalId — the vertical or horizontal live-schedule board of a terminal. */
export default function BoardScreen({ params, pathname }: ScreenProps) {
  const { board = '', terminalId = '' } = params;
  const parsed = parseBoardSegment(board);

  // Spec §2: the page reloads when the browser goes from offline to online.
  useEffect(() => {
    const reload = () => location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);

  if (!parsed) return <BoardMessage title={texts.notFoundTitle} message={texts.notFoundMessage(pathname)} />;
  return <LoadedBoard product={parsed.product} terminalId={terminalId} orientation={parsed.orientation} pathname={pathname} />;
}

function LoadedBoard({
  product,
  terminalId,
  orientation,
  pathname,
}: {
  product: string;
  terminalId: string;
  orientation: 'vertical' | 'horizontal';
  pathname: string;
}) {
  const state = useBoardData(product, terminalId);
  switch (state.status) {
    case 'loading':
      return (
        <section className={styles.message} role="status" aria-live="polite">
          <p>{texts.loading}</p>
        </section>
      );
    case 'not-found':
      return <BoardMessage title={texts.notFoundTitle} message={texts.notFoundMessage(pathname)} />;
    case 'unauthorised':
      return <BoardMessage title={texts.unauthorisedTitle} message={texts.unauthorisedMessage} />;
    case 'unavailable':
      return <BoardMessage title={texts.unavailableTitle} message={texts.unavailableMessage} onRetry={() => location.reload()} />;
    default:
      return <Board orientation={orientation} config={state.config} timings={state.timings} updatedAt={state.updatedAt} failing={state.failing} />;
  }
}
