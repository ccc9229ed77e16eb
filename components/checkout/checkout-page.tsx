import { Breadcrumb } from '@/components/layout/breadcrumb';
import { JsonLd } from '@/components/seo/json-ld';
import { priceList } from '@/lib/categories';
import { orderEndpoint } from '@/lib/checkout/endpoint';
import { countryOptions, orderWords } from '@/lib/checkout/words';
import { getCategories, getDictionary, getSite } from '@/lib/content';
import { overviewPath, type Locale } from '@/lib/i18n';
import { pageJsonLd } from '@/lib/seo';
import { CodeFallback } from '@/components/ui/code-fallback';
import { CheckoutLoader } from './checkout-loader';

interface CheckoutPageProps {
  locale: Locale;
}

/**
 * The checkout: the cart's rows, billing details, VAT by the buyer's country, a printable quote and the
 * binding order on invoice. The cart lives in the browser, so the page's HTML holds the frame and the words;
 * the rest appears once its code runs. Without JavaScript, or when it fails to load, the page says so and names
 * the address.
 */
export function CheckoutPage({ locale }: CheckoutPageProps) {
  const dict = getDictionary(locale);
  const site = getSite();
  const strings = dict.checkout;
  return (
    <>
      <JsonLd data={pageJsonLd({ kind: 'checkout', locale })} />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8 print:max-w-none print:p-0">
        <div className="beside-document">
          <Breadcrumb page={{ kind: 'checkout', locale }} />
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{strings.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-700">{strings.intro}</p>
        </div>
        <CheckoutLoader
          loading={strings.loading}
          fallback={
            <CodeFallback
              template={strings.noScript}
              email={site.email}
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
            />
          }
          words={orderWords(locale)}
          countries={countryOptions(locale)}
          vatRate={site.facts.vatRate}
          prices={priceList(getCategories())}
          email={site.email}
          seller={site.seller}
          termsUrl={site.links.terms}
          privacy={{ url: site.links.privacy, newTab: dict.header.newTab }}
          validityDays={site.facts.quoteValidityDays}
          overviewHref={overviewPath(locale)}
          orderEndpoint={orderEndpoint()}
        />
      </div>
    </>
  );
}
