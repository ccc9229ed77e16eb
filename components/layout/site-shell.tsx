import type { ReactNode } from 'react';
import { LoadNotice } from '@/components/lazy/load-notice';
import { getDictionary } from '@/lib/content';
import { homePath, pagePath, type Page } from '@/lib/i18n';
import { ContentBoundary } from './content-boundary';
import { Footer } from './footer';
import { Header } from './header';

interface SiteShellProps {
  page: Page;
  children: ReactNode;
}

/**
 * Skip link, header, main landmark and footer around a page's content, in one element: while a dialog is open,
 * Headless UI makes the element that holds the dialog's button inert and hides it from screen readers, but not
 * the other children of <body>. With the whole page in one, nothing behind a dialog can be read or reached.
 */
export function SiteShell({ page, children }: SiteShellProps) {
  const dict = getDictionary(page.locale);
  return (
    <div className="flex min-h-dvh flex-col [&>main]:flex-1">
      <a
        href="#main"
        className="text-brand-800 sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {dict.header.skipLink}
      </a>
      {/* Keyed by path so that a client-side navigation starts with closed menus. */}
      <Header key={pagePath(page)} page={page} />
      {/* Right after the header, whose buttons load most of the later code: the next Tab stop after them. */}
      <LoadNotice strings={dict.errors} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <ContentBoundary strings={dict.errors} homeHref={homePath(page.locale)}>
          {children}
        </ContentBoundary>
      </main>
      <Footer locale={page.locale} />
    </div>
  );
}
