// An error boundary with a retry view: a render error below it shows "Something went wrong"
// with Try again (renders the children again) and a link to the home page, never a blank
// screen. A new `resetKey` (the page's location) clears the error. Reporting is done once for
// every boundary by the root's onCaughtError (boot/boot.tsx).
import { Component, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

interface Props {
  children: ReactNode;
  resetKey?: string;
}

interface State {
  failed: boolean;
  key?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-status" role="alert" data-testid="error-view">
        <h2>
          <Trans>Something went wrong</Trans>
        </h2>
        <p>
          <Trans>This screen ran into a problem. Try again, or go back to the home page.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={() => this.setState({ failed: false })}>
          <Trans>Try again</Trans>
        </button>
        <a className="button" href="/">
          <Trans>Go to the home page</Trans>
        </a>
      </div>
    );
  }
}
