import { getCategories, getCategoryNames, getDictionary } from '@/lib/content';
import type { Locale } from '@/lib/i18n';
import { CategoryCard } from './category-card';

interface CategoryGridProps {
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
}

/** All categories as cards: 1, 2, 3 or 4 columns from mobile to extra-large screens. */
export function CategoryGrid({ locale, headingLevel }: CategoryGridProps) {
  const dict = getDictionary(locale);
  const names = getCategoryNames(locale);
  const strings = { ...dict.categoryCard, netNote: dict.orderForm.netNote };
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {getCategories().map((category) => (
        <li key={category.id} className="flex [&>article]:flex-1">
          <CategoryCard
            category={category}
            locale={locale}
            name={names[category.id] ?? category.id}
            strings={strings}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
