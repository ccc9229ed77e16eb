import { CheckoutPage } from '@/components/checkout/checkout-page';
import { SiteShell } from '@/components/layout/site-shell';
import type { Page } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

const page: Page = { kind: 'checkout', locale: 'en' };

export const metadata = pageMetadata(page);

export default function EnglishCheckout() {
  return (
    <SiteShell page={page}>
      <CheckoutPage locale={page.locale} />
    </SiteShell>
  );
}
