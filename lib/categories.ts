import type { Locale } from './i18n';

/**
 * What a row of the category table (`content/categories.json`) may say. The
 * table itself is content: `getCategories()` in `lib/content.ts` reads and
 * checks it. Routes, navigation, the home grid, the sitemap, the product feed,
 * `llms.txt`, the social images and every count in the copy come from it.
 */

/** The icons a category can show; `components/category/category-icon.tsx` draws each one. */
export const categoryIcons = [
  'stairlift',
  'solar',
  'heat-pump',
  'roofing',
  'windows',
  'electricity',
  'energy-consulting',
  'law',
  'coaching',
  'consulting',
  'real-estate',
  'financing',
  'shield',
  'truck',
  'heart',
  'wrench',
] as const;
export type CategoryIcon = (typeof categoryIcons)[number];

/**
 * The colour pairs of a category's icon tile, as Tailwind gradient stops. All
 * of them keep a white icon at 3:1 or more at both ends (WCAG 1.4.11), as
 * __tests__/category-colours.test.ts checks. The class names are written out in full
 * so that Tailwind finds them when it scans the source.
 */
export const categoryGradients = {
  blue: 'from-sky-600 to-blue-800',
  orange: 'from-amber-600 to-orange-700',
  red: 'from-rose-600 to-red-800',
  stone: 'from-stone-600 to-stone-800',
  teal: 'from-cyan-700 to-teal-800',
  amber: 'from-yellow-700 to-amber-800',
  green: 'from-emerald-600 to-green-800',
  slate: 'from-slate-700 to-slate-900',
  purple: 'from-fuchsia-600 to-purple-800',
  indigo: 'from-indigo-600 to-indigo-900',
  cyan: 'from-teal-600 to-cyan-800',
  violet: 'from-blue-700 to-violet-800',
} as const;
export type CategoryGradient = keyof typeof categoryGradients;

export interface Category {
  /** Stable id, used in cart lines and the product feed. */
  readonly id: string;
  /** Name of the copy files `content/<locale>/categories/<translationKey>.json`. */
  readonly translationKey: string;
  /** Net price per lead in whole euros. */
  readonly price: number;
  readonly icon: CategoryIcon;
  readonly gradient: CategoryGradient;
  /** The page's slug under `/leads/` in each language. */
  readonly slugs: Readonly<Record<Locale, string>>;
}

/** Category id → net price per lead in whole euros: what the cart needs to price its lines. */
export type PriceList = Readonly<Record<string, number>>;

export function priceList(list: readonly Category[]): PriceList {
  return Object.fromEntries(list.map((category) => [category.id, category.price]));
}

/** The lowest price per lead, as claimed on the home page ("Leads ab 65 €"). */
export function lowestPrice(list: readonly Category[]): number {
  return Math.min(...list.map((category) => category.price));
}
