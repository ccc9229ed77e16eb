'use client';

import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Dictionary } from '@/lib/content';

interface ContentBoundaryProps {
  strings: Dictionary['errors'];
  homeHref: string;
  children: ReactNode;
}

interface ContentBoundaryState {
  failed: boolean;
}

/**
 * Catches a rendering error in a page's main content, so that the header
 * (navigation, language, cart) and the footer stay and the visitor can try
 * again or move on. `app/global-error.tsx` remains the last resort for
 * errors outside it.
 */
export class ContentBoundary extends Component<ContentBoundaryProps, ContentBoundaryState> {
  override state: ContentBoundaryState = { failed: false };

  static getDerivedStateFromError(): ContentBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A part of the page failed to render:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { strings, homeHref } = this.props;
    return (
      <section role="alert" className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h2 className="text-2xl font-bold text-slate-900">{strings.sectionFailed}</h2>
        <p className="mt-4 text-slate-700">{strings.sectionHint}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <button
            type="button"
            onClick={() => this.setState({ failed: false })}
            className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-white"
          >
            {strings.retry}
          </button>
          {/* A full load: the part that failed may be the client-side router itself. */}
          <a
            href={homeHref}
            className="text-brand-800 ring-brand-700 inline-flex min-h-12 items-center rounded-lg px-6 font-semibold ring-1"
          >
            {strings.backHome}
          </a>
        </div>
      </section>
    );
  }
}
