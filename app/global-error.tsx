'use client';

import type { CSSProperties } from 'react';

/**
 * Styled inline, without globals.css: a stylesheet imported here would travel in every page's RSC payload once more,
 * as this boundary's styles, beside the copy the page itself carries (vercel/next.js#98110). The colours are the
 * theme's slate-900 and brand-700 (app/globals.css).
 */
const text = '#0f172b';
const brand = 'oklch(0.44 0.18 264)';
const action: CSSProperties = {
  borderRadius: '0.5rem',
  padding: '0.75rem 1.25rem',
  fontFamily: 'inherit',
  fontSize: '1rem',
  fontWeight: 600,
  textDecoration: 'none',
};
const styles = {
  body: {
    margin: 0,
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0 1.5rem',
    textAlign: 'center',
    color: text,
    fontFamily:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  heading: { fontSize: '1.875rem', lineHeight: 1.2, fontWeight: 700 },
  actions: { marginTop: '2rem', display: 'flex', justifyContent: 'center', gap: '1rem' },
  retry: { ...action, border: 0, background: brand, color: '#fff', cursor: 'pointer' },
  home: { ...action, color: brand, boxShadow: `inset 0 0 0 1px ${brand}` },
} satisfies Record<string, CSSProperties>;

/** The last resort when rendering fails inside the app. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={styles.body}>
        <main>
          <h1 style={styles.heading}>Unexpected Application Error!</h1>
          <div style={styles.actions}>
            <button type="button" onClick={() => reset()} style={styles.retry}>
              Try again
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load recovers from a broken app state */}
            <a href="/" style={styles.home}>
              Return to Home
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
