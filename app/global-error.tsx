'use client';

import './globals.css';

/** The last resort when rendering fails inside the app. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col items-center justify-center px-6 text-center font-sans">
        <main>
          <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
          <div className="mt-8 flex justify-center gap-4">
            <button
              type="button"
              onClick={() => reset()}
              className="bg-brand-700 rounded-lg px-5 py-3 font-semibold text-white"
            >
              Try again
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load recovers from a broken app state */}
            <a href="/" className="text-brand-800 ring-brand-700 rounded-lg px-5 py-3 font-semibold ring-1">
              Return to Home
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
