import { notFound } from 'next/navigation';
import type { Category } from './categories';
import { getCategories } from './content';
import { categorySlug, findCategoryBySlug, type Locale, type Page } from './i18n';

/** `generateStaticParams` of a language's `leads/[slug]` route: one page per category. */
export function categoryParams(locale: Locale): { slug: string }[] {
  return getCategories().map((category) => ({ slug: categorySlug(category, locale) }));
}

/** The category page for a slug, or a 404 for a slug the table does not have. */
export async function categoryPageFromParams(
  params: Promise<{ slug: string }>,
  locale: Locale,
): Promise<Page & { category: Category }> {
  const { slug } = await params;
  const category = findCategoryBySlug(slug, locale, getCategories());
  if (!category) notFound();
  return { kind: 'category', locale, category };
}
