import { OverviewPage } from '@/components/category/overview-page';
import { SiteShell } from '@/components/layout/site-shell';
import type { Page } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

const page: Page = { kind: 'overview', locale: 'de' };

export const metadata = pageMetadata(page);

export default function GermanOverview() {
  return (
    <SiteShell page={page}>
      <OverviewPage locale={page.locale} />
    </SiteShell>
  );
}
