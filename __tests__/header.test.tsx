import { readJson } from '@/testing/helpers';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/layout/header';
import { setCartPrices, useCartStore } from '@/lib/cart/store';
import type { Category } from '@/lib/categories';
import { priceList } from '@/lib/categories';
import { getCategories } from '@/lib/content';
import type { Locale } from '@/lib/i18n';
import { serveWords } from '@/testing/serve-words';

// The cart dialog's code fetches its words (lib/lazy-words.ts) as it loads.
let restoreFetch: () => void;
beforeAll(() => (restoreFetch = serveWords()));
afterAll(() => restoreFetch());

const categories = getCategories();

interface Ui {
  header: {
    mainNavLabel: string;
    features: string;
    categories: string;
    pricing: string;
    contact: string;
    cart: string;
  };
  cart: { title: string };
}
const site = readJson<{ brand: string; links: { contact: string } }>('site.json');
const ui: Record<Locale, Ui> = { de: readJson('de/ui.json'), en: readJson('en/ui.json') };
const nameOf = (category: Category, locale: Locale) =>
  readJson<{ name: string }>(`${locale}/categories/${category.translationKey}.json`).name;

const stairlifts = categories.find((category) => category.id === 'treppenlifte')!;

/** The desktop navigation bar (the mobile menu repeats its links in a separate landmark). */
const mainNav = (locale: Locale) =>
  within(screen.getByRole('navigation', { name: ui[locale].header.mainNavLabel }));

beforeEach(() => {
  setCartPrices(priceList(getCategories()));
  useCartStore.setState({ items: [] });
  localStorage.clear();
});

describe('German header', () => {
  const strings = ui.de.header;

  it('links the logo, named like the brand, to the German home', () => {
    render(<Header page={{ kind: 'home', locale: 'de' }} />);
    const logo = screen.getByRole('link', { name: new RegExp(site.brand) });
    expect(logo).toHaveAttribute('href', '/');
  });

  it('links features to the home page anchor and pricing to the category overview', () => {
    render(<Header page={{ kind: 'overview', locale: 'de' }} />);
    expect(mainNav('de').getByRole('link', { name: strings.features })).toHaveAttribute('href', '/#features');
    expect(mainNav('de').getByRole('link', { name: strings.pricing })).toHaveAttribute('href', '/kategorien');
  });

  it('opens the contact link in a new tab without opener or referrer', () => {
    render(<Header page={{ kind: 'home', locale: 'de' }} />);
    const contact = mainNav('de').getByRole('link', { name: new RegExp(`^${strings.contact}\\b`) });
    expect(contact).toHaveAttribute('href', site.links.contact);
    expect(contact).toHaveAttribute('target', '_blank');
    const rel = (contact.getAttribute('rel') ?? '').split(/\s+/);
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  });

  it('lists every category with German links in the categories menu', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Header page={{ kind: 'home', locale: 'de' }} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: strings.categories }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(categories.length + 1);
    for (const category of categories) {
      expect(within(menu).getByRole('menuitem', { name: nameOf(category, 'de') })).toHaveAttribute(
        'href',
        `/leads/${category.slugs.de}`,
      );
    }
  });

  it('shows "EN" on the language toggle, linking to the English counterpart of the page', () => {
    const { unmount } = render(<Header page={{ kind: 'category', locale: 'de', category: stairlifts }} />);
    const toggle = screen.getByRole('link', { name: /^EN\b/ });
    expect(toggle).toHaveTextContent(/^EN$/);
    expect(toggle).toHaveAttribute('href', '/en/leads/stairlifts');
    expect(toggle).toHaveAttribute('hreflang', 'en');
    unmount();

    render(<Header page={{ kind: 'overview', locale: 'de' }} />);
    expect(screen.getByRole('link', { name: /^EN\b/ })).toHaveAttribute('href', '/en/categories');
  });

  it('has a cart button whose name and badge show the number of leads', async () => {
    render(<Header page={{ kind: 'home', locale: 'de' }} />);
    expect(screen.getByRole('button', { name: strings.cart })).not.toHaveTextContent(/\d/);

    act(() => {
      useCartStore
        .getState()
        .addOrder({ categoryId: 'treppenlifte', exclusive: false, quantity: 3, area: 'germany' });
    });
    // The cart's code loads after the page's: the count shows once it has.
    const button = await screen.findByRole('button', { name: new RegExp(`^${strings.cart}\\b.*\\b3$`) });
    // The visible badge holds just the count.
    expect(within(button).getByText('3', { exact: true })).toBeVisible();
  });

  it('opens the cart dialog from the cart button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Header page={{ kind: 'home', locale: 'de' }} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: strings.cart }));
    expect(await screen.findByRole('dialog', { name: ui.de.cart.title })).toBeInTheDocument();
  });
});

describe('English header', () => {
  const strings = ui.en.header;

  it('links logo, features and pricing to English pages', () => {
    render(<Header page={{ kind: 'home', locale: 'en' }} />);
    expect(screen.getByRole('link', { name: new RegExp(site.brand) })).toHaveAttribute('href', '/en');
    expect(mainNav('en').getByRole('link', { name: strings.features })).toHaveAttribute(
      'href',
      '/en#features',
    );
    expect(mainNav('en').getByRole('link', { name: strings.pricing })).toHaveAttribute(
      'href',
      '/en/categories',
    );
  });

  it('lists every category with English names and links', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Header page={{ kind: 'home', locale: 'en' }} />);
    await user.click(screen.getByRole('button', { name: strings.categories }));
    const menu = await screen.findByRole('menu');
    for (const category of categories) {
      expect(within(menu).getByRole('menuitem', { name: nameOf(category, 'en') })).toHaveAttribute(
        'href',
        `/en/leads/${category.slugs.en}`,
      );
    }
  });

  it('shows "DE" on the language toggle, linking to the German counterpart', () => {
    render(<Header page={{ kind: 'category', locale: 'en', category: stairlifts }} />);
    const toggle = screen.getByRole('link', { name: /^DE\b/ });
    expect(toggle).toHaveTextContent(/^DE$/);
    expect(toggle).toHaveAttribute('href', '/leads/treppenlifte');
    expect(toggle).toHaveAttribute('hreflang', 'de');
  });

  it('has a cart button', () => {
    render(<Header page={{ kind: 'home', locale: 'en' }} />);
    expect(screen.getByRole('button', { name: strings.cart })).toBeInTheDocument();
  });
});
