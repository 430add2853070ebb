import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting';

interface ErrorBoundaryProps {
  /** Where the report says the error came from. */
  source: string;
  fallback: (error: unknown) => ReactNode;
  /** When it changes (the reader moved to another page), children that had failed get another try. */
  resetKey?: unknown;
  children: ReactNode;
}

/** Shows `fallback` in place of children that threw while rendering, and reports the error. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { source: this.props.source, componentStack: info.componentStack ?? undefined });
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined, failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
