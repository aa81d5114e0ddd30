import { Component, type ReactNode } from 'react';
import { BoardMessage } from './features/board/BoardMessage';
import { texts } from './features/board/texts';

/** A render error in a screen shows a message in place of the screen, never a blank page. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[mf_airport] screen crashed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <BoardMessage title={texts.crashedTitle} message={texts.crashedMessage} onRetry={() => location.reload()} />;
  }
}
