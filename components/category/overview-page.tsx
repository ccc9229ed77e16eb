import { Breadcrumb } from '@/components/layout/breadcrumb';
import { JsonLd } from '@/components/seo/json-ld';
import { getCategories, getDictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { pageJsonLd } from '@/lib/seo';
import { CategoryGrid } from './category-grid';

interface OverviewPageProps {
  locale: Locale;
}

/** The category overview: a hero, then every category with its price. */
export function OverviewPage({ locale }: OverviewPageProps) {
  const dict = getDictionary(locale);
  return (
    <>
      <JsonLd data={pageJsonLd({ kind: 'overview', locale })} />
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8 lg:pt-10 lg:pb-20">
          <Breadcrumb page={{ kind: 'overview', locale }} dark />
          <h1 className="mt-8 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {dict.overview.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">
            {fill(dict.overview.subtitle, { count: getCategories().length })}
          </p>
        </div>
      </section>
      <section id="categories" aria-label={dict.header.categories} className="scroll-mt-16 bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <CategoryGrid locale={locale} headingLevel="h2" />
        </div>
      </section>
    </>
  );
}
