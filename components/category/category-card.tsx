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
    <article className="group card">
      <CategoryIcon category={category} />
      <Heading className="card-title">{name}</Heading>
      <p className="mt-1 text-slate-700">
        <span className="text-2xl font-bold text-slate-900">
          {`${fill(strings.fromPrice, { price: formatEuros(category.price, locale) })} `}
        </span>
        <span className="text-sm text-slate-600">{strings.netNote}</span>
      </p>
      {/* Several cards sit side by side, so the link says which, in one piece of text: beside the visible words, a
          hidden part of its own made Chrome read "Mehr erfahren : Treppenlifte", with a space before the colon. */}
      <a href={categoryPath(category, locale)} className="card-action">
        <span className="sr-only">{`${strings.learnMore}: ${name}`}</span>
        <span aria-hidden="true">{strings.learnMore}</span>
        <Icon name="arrow-right" className="size-4" />
      </a>
    </article>
  );
}
