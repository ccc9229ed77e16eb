import { FilledText } from './filled-text';

interface CodeFallbackProps {
  /** The editors' text, with `{email}` where the address goes. */
  template: string;
  email: string;
  /** How the note looks where it stands. */
  className: string;
}

/**
 * What a page says to a browser that never runs its code: hidden by CSS, shown at once without scripts, or after
 * 10 s when they fail to load (`.code-fallback` in app/globals.css), with the address to order by e-mail as a link.
 */
export function CodeFallback({ template, email, className }: CodeFallbackProps) {
  return (
    <p className={`code-fallback ${className}`}>
      <FilledText
        template={template}
        values={{
          email: (
            <a href={`mailto:${email}`} className="font-semibold underline">
              {email}
            </a>
          ),
        }}
      />
    </p>
  );
}
