import { readJson } from '@/testing/helpers';
import { render, screen } from '@testing-library/react';
import { CategoryCard } from '@/components/category/category-card';
import type { Category } from '@/lib/categories';
import { getCategories } from '@/lib/content';
import type { Locale } from '@/lib/i18n';

const categories = getCategories();

interface Ui {
  categoryCard: { fromPrice: string; learnMore: string };
  orderForm: { netNote: string };
}

function renderCard(category: Category, locale: Locale) {
  const ui = readJson<Ui>(`${locale}/ui.json`);
  const name = readJson<{ name: string }>(`${locale}/categories/${category.translationKey}.json`).name;
  render(
    <CategoryCard
      category={category}
      locale={locale}
      name={name}
      strings={{ ...ui.categoryCard, netNote: ui.orderForm.netNote }}
    />,
  );
  return name;
}

/** Text with every kind of space as a plain space (Intl puts a no-break space before "€"). */
const plainText = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const byId = (id: string) => categories.find((category) => category.id === id)!;

describe('CategoryCard', () => {
  it.each([
    // Spec §2: "ab €price" / "Mehr erfahren" / "Learn More"; prices from the table, in the page's locale format.
    {
      id: 'treppenlifte',
      locale: 'de' as const,
      price: (euros: number) => `ab ${euros} €`,
      more: 'Mehr erfahren',
      href: '/leads/treppenlifte',
    },
    {
      id: 'treppenlifte',
      locale: 'en' as const,
      price: (euros: number) => `from €${euros}`,
      more: 'Learn More',
      href: '/en/leads/stairlifts',
    },
    {
      id: 'kanzlei',
      locale: 'de' as const,
      price: (euros: number) => `ab ${euros} €`,
      more: 'Mehr erfahren',
      href: '/leads/kanzlei',
    },
    {
      id: 'kanzlei',
      locale: 'en' as const,
      price: (euros: number) => `from €${euros}`,
      more: 'Learn More',
      href: '/en/leads/law-firm',
    },
  ])(
    'shows $id in $locale with name, starting price and a link to its page',
    ({ id, locale, price, more, href }) => {
      const category = byId(id);
      const name = renderCard(category, locale);

      expect(screen.getByRole('heading', { name })).toBeInTheDocument();

      const priceText = screen.getByText(
        (_content, element) =>
          element?.tagName === 'SPAN' && plainText(element as HTMLElement) === price(category.price),
      );
      expect(priceText).toBeVisible();

      // Several cards sit side by side: each link names its category for screen readers, after the words it shows.
      const link = screen.getByRole('link', { name: `${more}: ${name}` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveTextContent(more);
    },
  );
});
