import { HomePage } from '@/components/home/home-page';
import { SiteShell } from '@/components/layout/site-shell';
import type { Page } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

const page: Page = { kind: 'home', locale: 'en' };

export const metadata = pageMetadata(page);

export default function EnglishHome() {
  return (
    <SiteShell page={page}>
      <HomePage locale={page.locale} />
    </SiteShell>
  );
}
