import type { ReactNode } from 'react';
import { validateAllContent } from '@/lib/content';
import type { Locale } from '@/lib/i18n';

interface RootDocumentProps {
  locale: Locale;
  children: ReactNode;
}

/** The `<html>` of one language. Every page build checks all content first, so one bad file fails the build. */
export function RootDocument({ locale, children }: RootDocumentProps) {
  validateAllContent();
  return (
    <html lang={locale}>
      <body className="font-sans">{children}</body>
    </html>
  );
}
