import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shopTexts } from '@pitstop/core/messages';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * What a screen shows when it throws. The commonest cause is a screen's chunk failing to download
 * (a flaky network, or a deploy replaced the files), which a reload fixes.
 */
export function RouteError() {
  useDocumentMeta('Something went wrong', shopTexts.loadFailed);

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-5 px-4 py-20 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p role="alert" className="text-lg text-slate-700">
        {shopTexts.loadFailed}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles('primary', 'md')}
          onClick={() => window.location.reload()}
        >
          {shopTexts.retry}
        </button>
        <Link to="/" className={buttonStyles('secondary', 'md')}>
          Back to home
        </Link>
      </div>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The screen's address: an error is forgotten once the visitor moves on. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  /** The address the state belongs to. */
  resetKey: string;
}

/**
 * Route-level boundary: a failing screen never blanks the navbar and footer around it. It resets
 * when the address changes rather than being remounted with a key: a remounted Suspense boundary
 * inside it would show its fallback during a navigation instead of keeping the current screen.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
