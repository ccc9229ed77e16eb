/**
 * The route table (spec §2, `{product}` = "leads") and the price table (spec §9), typed out by hand.
 * Tests check the code's own category table and everything generated from it against these.
 */
export interface SpecCategory {
  id: string;
  price: number;
  de: string;
  en: string;
}

export const specCategories: readonly SpecCategory[] = [
  { id: 'treppenlifte', price: 89, de: '/leads/treppenlifte', en: '/en/leads/stairlifts' },
  { id: 'photovoltaik', price: 95, de: '/leads/photovoltaik', en: '/en/leads/solar' },
  { id: 'waermepumpen', price: 92, de: '/leads/waermepumpen', en: '/en/leads/heat-pumps' },
  { id: 'ueberdachung', price: 78, de: '/leads/ueberdachung', en: '/en/leads/roofing' },
  { id: 'fensterbau', price: 85, de: '/leads/fensterbau', en: '/en/leads/windows' },
  { id: 'stromtarif', price: 65, de: '/leads/stromtarif', en: '/en/leads/electricity' },
  { id: 'energieberatung', price: 88, de: '/leads/energieberatung', en: '/en/leads/energy-consulting' },
  { id: 'kanzlei', price: 120, de: '/leads/kanzlei', en: '/en/leads/law-firm' },
  { id: 'coaching', price: 75, de: '/leads/coaching', en: '/en/leads/coaching' },
  { id: 'consulting', price: 110, de: '/leads/consulting', en: '/en/leads/consulting' },
  { id: 'immobilien', price: 95, de: '/leads/immobilien', en: '/en/leads/real-estate' },
  { id: 'baufinanzierung', price: 105, de: '/leads/baufinanzierung', en: '/en/leads/financing' },
];

export const specHome = { de: '/', en: '/en' } as const;
export const specOverview = { de: '/kategorien', en: '/en/categories' } as const;

/** Every page path of the site: 2 × (home + overview + 12 categories) = 28. */
export const specPaths: readonly string[] = [
  specHome.de,
  specHome.en,
  specOverview.de,
  specOverview.en,
  ...specCategories.flatMap((category) => [category.de, category.en]),
];

/** "89 €" / "€89" as a buyer reads them, computed with Intl directly rather than through lib/money. */
/** Cents as the spec and design show them, formatted by hand: `1.335,00 €` / `€1,335.00` (plain spaces). */
export function euroCents(cents: number, locale: 'de' | 'en'): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'de' ? '.' : ',');
  const fraction = String(cents % 100).padStart(2, '0');
  return locale === 'de' ? `${whole},${fraction} €` : `€${whole}.${fraction}`;
}

export function wholeEuros(price: number, locale: 'de' | 'en'): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(price);
}
