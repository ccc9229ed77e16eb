import { JsonLd } from '@/components/seo/json-ld';
import { Icon } from '@/components/ui/icon';
import type { IconName } from '@/components/ui/icons';
import { FaqList } from '@/components/ui/faq-list';
import { SampleLeadCard } from '@/components/ui/sample-lead-card';
import { CategoryGrid } from '@/components/category/category-grid';
import { VideoButton } from '@/components/video/video-button';
import { lowestPrice } from '@/lib/categories';
import { getCategories, getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { formatEuros } from '@/lib/money';
import { pageJsonLd } from '@/lib/seo';

interface HomePageProps {
  locale: Locale;
}

const featureIcons: IconName[] = ['user-group', 'adjustments-horizontal', 'document-check'];
const badgeIcons: IconName[] = ['shield-check', 'check-badge', 'bolt'];

/** The home page: hero, stats, categories, features, how it works, sample lead, FAQ and call to action. */
export function HomePage({ locale }: HomePageProps) {
  const dict = getDictionary(locale);
  const site = getSite();
  const { hero, stats, features, howItWorks, sampleLead, faq, cta } = dict.home;

  return (
    <>
      <JsonLd data={pageJsonLd({ kind: 'home', locale })} />
      <section className="bg-brand-900 relative overflow-hidden text-white">
        <div
          aria-hidden="true"
          className="bg-[radial-gradient(ellipse_at_top_right,--theme(--color-brand-600/55%),transparent_60%)] absolute inset-0"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 lg:px-8 lg:pt-24 lg:pb-28">
          <p className="text-brand-100 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
            <Icon name="sparkles" className="size-4" />
            {hero.eyebrow}
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            {/* The space ends the text before the span: a white-space node of its own, painted before the span
                has arrived, moves when it does (a layout shift while the page streams in). So below and in the cards. */}
            {`${hero.title} `}
            <span className="text-sky-300">{hero.titleHighlight}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200">{hero.subtitle}</p>
          <p className="mt-6 text-2xl font-semibold">
            {`${fill(hero.fromPrice, { price: formatEuros(lowestPrice(getCategories()), locale) })} `}
            <span className="text-base font-normal text-slate-300">{hero.netNote}</span>
          </p>
          <div className="mt-8 flex flex-col items-start gap-4 sm:flex-row sm:flex-wrap">
            <a
              href="#categories"
              className="text-brand-900 hover:bg-brand-50 inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold shadow"
            >
              {hero.browseCategories}
            </a>
            <VideoButton label={hero.watchVideo} video={{ ...dict.video, youtubeId: site.video.youtubeId }} />
          </div>
        </div>
      </section>

      {/* Figures under the hero, not a part of the page to jump to: no landmark of their own. */}
      <div className="border-b border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
          {stats.map((stat) => (
            // The value sits above its label in a row of fixed height, so a label painted before its value arrives stays put.
            <div
              key={stat.label}
              className="grid grid-rows-[--spacing(9)_auto] rounded-2xl bg-slate-50 px-3 py-5 text-center lg:px-6"
            >
              <dt className="row-start-2 text-sm text-slate-600">{stat.label}</dt>
              <dd className="text-brand-800 row-start-1 text-3xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <section id="categories" aria-labelledby="categories-title" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="categories-title"
            title={dict.home.categories.title}
            subtitle={fill(dict.home.categories.subtitle, { count: getCategories().length })}
          />
          <div className="mt-12">
            <CategoryGrid locale={locale} />
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="features-title" title={features.title} subtitle={features.subtitle} />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {features.items.map((item, index) => {
              return (
                <li key={item.title} className="rounded-2xl border border-slate-200 p-6">
                  <Icon name={featureIcons[index] ?? 'check-badge'} className="text-brand-700 size-8" />
                  <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
                  <p className="mt-2 text-slate-700">{item.description}</p>
                </li>
              );
            })}
          </ul>
          <ul className="mt-10 flex flex-wrap justify-center gap-3">
            {features.badges.map((badge, index) => {
              return (
                <li
                  key={badge}
                  className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-200"
                >
                  <Icon name={badgeIcons[index] ?? 'check-badge'} className="size-5" />
                  {badge}
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-title" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="how-title" title={howItWorks.title} subtitle={howItWorks.subtitle} />
          <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {howItWorks.steps.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className="bg-brand-700 inline-flex size-9 items-center justify-center rounded-full font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-700">
                  {fill(step.description, { count: getCategories().length })}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="sample-title" className="py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="sample-title" className="text-3xl font-bold tracking-tight">
              {sampleLead.title}
            </h2>
            <p className="mt-4 text-lg text-slate-700">{sampleLead.subtitle}</p>
            <p className="mt-4 text-sm text-slate-600">{sampleLead.note}</p>
          </div>
          <SampleLeadCard title={sampleLead.cardTitle} fields={sampleLead.fields} />
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
            {faq.title}
          </h2>
          <div className="mt-10">
            <FaqList items={faq.items} email={site.email} collapsible />
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
            {cta.title}
          </h2>
          <p className="text-brand-100 mt-4 text-lg">{cta.text}</p>
          <a
            href="#categories"
            className="text-brand-900 hover:bg-brand-50 mt-8 inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold"
          >
            {cta.button}
          </a>
        </div>
      </section>
    </>
  );
}

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle: string;
}

export function SectionHeading({ id, title, subtitle }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-700">{subtitle}</p>
    </div>
  );
}
