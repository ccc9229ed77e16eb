import type { Category } from '@/lib/categories';
import { fill } from '@/lib/format';
import { categoryPath, type Locale } from '@/lib/i18n';
import { formatEuros } from '@/lib/money';
import { CategoryIcon } from './category-icon';
import { Icon } from '@/components/ui/icon';

export interface CategoryCardProps {
  category: Category;
  locale: Locale;
  name: string;
  strings: { fromPrice: string; learnMore: string; netNote: string };
  headingLevel?: 'h2' | 'h3';
}

/** A category in the grid: icon, name, starting price and a link to its page. */
export function CategoryCard({
  category,
  locale,
  name,
  strings,
  headingLevel: Heading = 'h3',
}: CategoryCardProps) {
  return (
    <article className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <CategoryIcon category={category} />
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{name}</Heading>
      <p className="mt-1 text-slate-700">
        <span className="text-2xl font-bold text-slate-900">
          {`${fill(strings.fromPrice, { price: formatEuros(category.price, locale) })} `}
        </span>
        <span className="text-sm text-slate-600">{strings.netNote}</span>
      </p>
      <a
        href={categoryPath(category, locale)}
        className="bg-brand-50 text-brand-800 group-hover:bg-brand-700 mt-6 inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-semibold group-hover:text-white"
      >
        {strings.learnMore}
        <span className="sr-only">: {name}</span>
        <Icon name="arrow-right" className="size-4" />
      </a>
    </article>
  );
}
