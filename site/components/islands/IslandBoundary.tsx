import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Where a crashed island sends the visitor (the home page, '/', by default). */
  home?: string;
}

/**
 * Wraps an island: if it crashes, the error goes to the console and the visitor goes to the home
 * page rather than staying on a half-working screen.
 */
export class IslandBoundary extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('An interactive part of this page failed; going to the home page.', error, info.componentStack ?? '');
    window.location.assign(this.props.home ?? '/');
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}
