import type { ReactNode } from 'react';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  /** Screen-reader hint that the link opens a new tab, in the page's language. */
  newTabHint: string;
  className?: string;
}

/** A link to another site: new tab, no opener, no referrer. */
export function ExternalLink({ href, children, newTabHint, className }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {newTabHint}</span>
    </a>
  );
}
