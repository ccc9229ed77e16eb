/**
 * The one table of lead categories. Routes, navigation, the home grid, the
 * sitemap, the product feed and llms.txt are all generated from it.
 *
 * To add a category: add a row here and its copy in
 * `content/de/categories/<translationKey>.json` and
 * `content/en/categories/<translationKey>.json`. Nothing else changes.
 */
export type CategoryIcon =
  | 'stairlift'
  | 'solar'
  | 'heat-pump'
  | 'roofing'
  | 'windows'
  | 'electricity'
  | 'energy-consulting'
  | 'law'
  | 'coaching'
  | 'consulting'
  | 'real-estate'
  | 'financing';

export interface Category {
  /** Stable id, used in cart lines and the product feed. */
  readonly id: string;
  /** Name of the content files in `content/<locale>/categories/`. */
  readonly translationKey: string;
  /** Net price per lead in whole euros. */
  readonly price: number;
  readonly icon: CategoryIcon;
  /** Tailwind gradient stops for the icon tile. */
  readonly gradient: string;
  /** Slug under `/leads/` on German pages. */
  readonly routeDE: string;
  /** Slug under `/en/leads/` on English pages. */
  readonly routeEN: string;
}

export const categories = [
  {
    id: 'treppenlifte',
    translationKey: 'treppenlifte',
    price: 89,
    icon: 'stairlift',
    gradient: 'from-sky-600 to-blue-800',
    routeDE: 'treppenlifte',
    routeEN: 'stairlifts',
  },
  {
    id: 'photovoltaik',
    translationKey: 'photovoltaik',
    price: 95,
    icon: 'solar',
    gradient: 'from-amber-500 to-orange-700',
    routeDE: 'photovoltaik',
    routeEN: 'solar',
  },
  {
    id: 'waermepumpen',
    translationKey: 'waermepumpen',
    price: 92,
    icon: 'heat-pump',
    gradient: 'from-rose-600 to-red-800',
    routeDE: 'waermepumpen',
    routeEN: 'heat-pumps',
  },
  {
    id: 'ueberdachung',
    translationKey: 'ueberdachung',
    price: 78,
    icon: 'roofing',
    gradient: 'from-stone-600 to-stone-800',
    routeDE: 'ueberdachung',
    routeEN: 'roofing',
  },
  {
    id: 'fensterbau',
    translationKey: 'fensterbau',
    price: 85,
    icon: 'windows',
    gradient: 'from-cyan-700 to-teal-800',
    routeDE: 'fensterbau',
    routeEN: 'windows',
  },
  {
    id: 'stromtarif',
    translationKey: 'stromtarif',
    price: 65,
    icon: 'electricity',
    gradient: 'from-yellow-600 to-amber-800',
    routeDE: 'stromtarif',
    routeEN: 'electricity',
  },
  {
    id: 'energieberatung',
    translationKey: 'energieberatung',
    price: 88,
    icon: 'energy-consulting',
    gradient: 'from-emerald-600 to-green-800',
    routeDE: 'energieberatung',
    routeEN: 'energy-consulting',
  },
  {
    id: 'kanzlei',
    translationKey: 'kanzlei',
    price: 120,
    icon: 'law',
    gradient: 'from-slate-700 to-slate-900',
    routeDE: 'kanzlei',
    routeEN: 'law-firm',
  },
  {
    id: 'coaching',
    translationKey: 'coaching',
    price: 75,
    icon: 'coaching',
    gradient: 'from-fuchsia-600 to-purple-800',
    routeDE: 'coaching',
    routeEN: 'coaching',
  },
  {
    id: 'consulting',
    translationKey: 'consulting',
    price: 110,
    icon: 'consulting',
    gradient: 'from-indigo-600 to-indigo-900',
    routeDE: 'consulting',
    routeEN: 'consulting',
  },
  {
    id: 'immobilien',
    translationKey: 'immobilien',
    price: 95,
    icon: 'real-estate',
    gradient: 'from-teal-600 to-cyan-800',
    routeDE: 'immobilien',
    routeEN: 'real-estate',
  },
  {
    id: 'baufinanzierung',
    translationKey: 'baufinanzierung',
    price: 105,
    icon: 'financing',
    gradient: 'from-blue-700 to-violet-800',
    routeDE: 'baufinanzierung',
    routeEN: 'financing',
  },
] as const satisfies readonly Category[];

export type CategoryId = (typeof categories)[number]['id'];

export function findCategory(id: string): Category | undefined {
  return categories.find((category) => category.id === id);
}

/** The lowest price per lead, as claimed on the home page ("Leads ab 65 €"). */
export function lowestPrice(list: readonly Category[] = categories): number {
  return Math.min(...list.map((category) => category.price));
}
