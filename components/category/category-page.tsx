import { OrderForm } from '@/components/order/order-form';
import { ExternalLink } from '@/components/layout/external-link';
import { FaqList } from '@/components/ui/faq-list';
import { CodeFallback } from '@/components/ui/code-fallback';
import { SampleLeadCard } from '@/components/ui/sample-lead-card';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { JsonLd } from '@/components/seo/json-ld';
import { priceList, type Category } from '@/lib/categories';
import { getCategories, getCategoryContent, getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { EXCLUSIVE_FACTOR, formatEuros } from '@/lib/money';
import { pageJsonLd } from '@/lib/seo';
import { CategoryIcon } from './category-icon';
import { Icon } from '@/components/ui/icon';

interface CategoryPageProps {
  category: Category;
  locale: Locale;
}

/**
 * A category's landing page: hero with the rating and its source, benefits, a sample lead of the trade,
 * regional targeting, the order card with base and exclusive price, key features, a testimonial and a
 * short buyer FAQ.
 */
export function CategoryPage({ category, locale }: CategoryPageProps) {
  const dict = getDictionary(locale);
  const content = getCategoryContent(category, locale);
  const strings = dict.category;
  const site = getSite();

  return (
    <>
      <JsonLd data={pageJsonLd({ kind: 'category', locale, category })} />
      <section className="bg-linear-to-b from-slate-50 to-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-8 pb-16 sm:px-6 lg:grid-cols-5 lg:px-8 lg:pt-10">
          <div className="lg:col-span-3">
            <Breadcrumb page={{ kind: 'category', locale, category }} />
            <div className="mt-8">
              <CategoryIcon category={category} size="lg" />
            </div>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              {content.h1}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-700">{content.description}</p>
            {/* Below lg the order card comes after everything else: the price and a plain link to it come first. */}
            <div className="mt-6 flex flex-col items-start gap-x-6 gap-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center lg:hidden">
              {/* Price, note and link are stacked on phones, and side by side from sm on, each growing to the
                  right: nothing moves while a slow connection delivers the box piece by piece. */}
              <p className="text-slate-700">
                <span className="text-brand-800 text-lg font-semibold">
                  {fill(strings.fromPerLead, { price: formatEuros(category.price, locale) })}
                </span>
                {/* On a small phone the note (who may buy, net prices) takes two even lines. */}
                <span className="block text-sm text-balance text-slate-600">{strings.netNote}</span>
              </p>
              <a
                href="#order"
                className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold text-white"
              >
                {strings.orderCta}
              </a>
            </div>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <span role="img" aria-label={strings.ratingLabel} className="flex text-amber-500">
                {[0, 1, 2, 3, 4].map((star) => (
                  <Icon name="star" key={star} className="size-5" />
                ))}
              </span>
              {/* On phones the text starts its own line at once, rather than beside the stars until it is long
                  enough to wrap below them while the page arrives. */}
              <p className="basis-full text-sm font-medium text-slate-700 sm:basis-auto">
                {strings.ratingText}
              </p>
              {/* The rating's source and date, so that a buyer can check it. */}
              <ExternalLink
                href={site.facts.rating.url}
                newTabHint={dict.header.newTab}
                className="text-brand-800 text-sm underline hover:no-underline"
              >
                {strings.ratingSource}
              </ExternalLink>
            </div>

            <section aria-labelledby="benefits-title" className="mt-12">
              <h2 id="benefits-title" className="text-2xl font-bold tracking-tight">
                {strings.benefitsTitle}
              </h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                {content.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3">
                    <Icon name="check-circle" className="size-6 shrink-0 text-emerald-600" />
                    <span className="text-slate-800">{benefit}</span>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="sample-lead-title" className="mt-12">
              <h2 id="sample-lead-title" className="text-2xl font-bold tracking-tight">
                {fill(strings.sampleLeadTitle, { category: content.name })}
              </h2>
              <div className="mt-6">
                <SampleLeadCard title={content.name} fields={content.sampleLead} />
              </div>
              <p className="mt-3 text-sm text-slate-600">{strings.sampleLeadNote}</p>
            </section>

            <section aria-labelledby="targeting-title" className="mt-12">
              <h2 id="targeting-title" className="text-2xl font-bold tracking-tight">
                {strings.targetingTitle}
              </h2>
              <p className="mt-4 text-slate-800">{strings.targetingText}</p>
              <p className="mt-2 text-slate-800">{strings.marketNote}</p>
            </section>
          </div>

          <aside aria-labelledby="order-title" className="lg:col-span-2">
            <div
              id="order"
              className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl"
            >
              <h2 id="order-title" className="text-xl font-bold text-slate-900">
                {fill(strings.orderTitle, { category: content.name })}
              </h2>
              <p className="mt-1 text-slate-700">
                <span className="text-brand-800 text-lg font-semibold">
                  {`${fill(strings.fromPerLead, { price: formatEuros(category.price, locale) })} `}
                </span>
                <span className="block text-sm text-balance text-slate-600">{strings.netNote}</span>
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {fill(strings.exclusivePrice, {
                  exclusivePrice: formatEuros(category.price * EXCLUSIVE_FACTOR, locale),
                })}
              </p>
              <CodeFallback
                template={dict.orderForm.noscript}
                email={site.email}
                className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
              />
              {/* On paper the prices are what counts; an empty form to fill in is not. */}
              <div className="mt-6 print:hidden">
                <OrderForm
                  locale={locale}
                  categoryId={category.id}
                  categoryName={content.name}
                  basePrice={category.price}
                  prices={priceList(getCategories())}
                  strings={dict.orderForm}
                  areaWords={dict.area}
                />
              </div>
            </div>
          </aside>
        </div>
      </section>

      <section aria-labelledby="features-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {strings.featuresTitle}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {content.features.map((feature) => (
              <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{feature.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="testimonial-title" className="py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="testimonial-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {strings.testimonialTitle}
          </h2>
          <figure className="mt-8">
            <blockquote className="text-xl leading-8 text-slate-800">
              <p>{fill(strings.quote, { text: content.testimonial.text })}</p>
            </blockquote>
            <figcaption className="mt-6 text-slate-700">
              <span className="font-semibold text-slate-900">{content.testimonial.author}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {content.testimonial.company}
            </figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {strings.faq.title}
          </h2>
          <div className="mt-8">
            <FaqList
              items={strings.faq.items.map((item) => ({
                ...item,
                answer: fill(item.answer, { category: content.name }),
              }))}
              email={site.email}
            />
          </div>
        </div>
      </section>
    </>
  );
}
