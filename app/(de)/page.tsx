import { HomePage } from '@/components/home/home-page';
import { SiteShell } from '@/components/layout/site-shell';
import type { Page } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

const page: Page = { kind: 'home', locale: 'de' };

export const metadata = pageMetadata(page);

export default function GermanHome() {
  return (
    <SiteShell page={page}>
      <HomePage locale={page.locale} />
    </SiteShell>
  );
}
