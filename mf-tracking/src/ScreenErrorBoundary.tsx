import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { UnavailablePanel } from '@sawari/ui';

/** A render error (or a screen chunk that failed to arrive) shows a message with Retry in place of the screen. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[mf_tracking] screen crashed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FormattedMessage id="common.error.title">
        {(title) => (
          <FormattedMessage id="common.error.generic">
            {(message) => <UnavailablePanel title={String(title)} message={String(message)} onRetry={() => location.reload()} />}
          </FormattedMessage>
        )}
      </FormattedMessage>
    );
  }
}
