import { Component, type ErrorInfo, type ReactNode } from 'react';

interface SectionErrorBoundaryProps {
  /** What shows in the section's place when it fails to render (or its code fails to load). */
  fallback: ReactNode;
  children: ReactNode;
}

interface SectionErrorBoundaryState {
  failed: boolean;
}

/**
 * A boundary around one section of a screen (reviews on the part page, say), so a failure there
 * leaves the rest of the screen standing instead of taking it down with the route's boundary.
 */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, SectionErrorBoundaryState> {
  override state: SectionErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): SectionErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A section failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
