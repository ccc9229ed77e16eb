import type { Metadata } from 'next';
import './globals.css';
import { LogUnknownPath } from '@/components/layout/log-unknown-path';

// No robots entry: Next.js writes `noindex` into every not-found page itself, and a second tag would say it twice.
export const metadata: Metadata = {
  title: '404 – Page not found | Leadwerk',
};

/** Every path the site does not have: served as 404.html with status 404. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col font-sans">
        <main id="main" className="flex flex-1 flex-col items-center justify-center px-6 py-24 text-center">
          <LogUnknownPath />
          <h1 className="text-brand-800 text-7xl font-bold tracking-tight">404</h1>
          <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- this page lives outside both root layouts, so home is a full load */}
          <a
            href="/"
            className="bg-brand-700 hover:bg-brand-800 mt-8 inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-white"
          >
            Return to Home
          </a>
        </main>
      </body>
    </html>
  );
}
