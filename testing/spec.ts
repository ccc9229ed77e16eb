/**
 * The spec's rules, typed out by hand: the routes (spec §2, `{product}` =
 * "leads"), the exclusive factor and the texts the spec fixes. Prices, the
 * rating and the copy are content editors change: tests read them from
 * `content/`. The shop may sell more categories than these twelve; every one
 * of these must be there.
 */
export type Lang = 'de' | 'en';

export interface SpecCategory {
  id: string;
  de: string;
  en: string;
}

export const specCategories: readonly SpecCategory[] = [
  { id: 'treppenlifte', de: '/leads/treppenlifte', en: '/en/leads/stairlifts' },
  { id: 'photovoltaik', de: '/leads/photovoltaik', en: '/en/leads/solar' },
  { id: 'waermepumpen', de: '/leads/waermepumpen', en: '/en/leads/heat-pumps' },
  { id: 'ueberdachung', de: '/leads/ueberdachung', en: '/en/leads/roofing' },
  { id: 'fensterbau', de: '/leads/fensterbau', en: '/en/leads/windows' },
  { id: 'stromtarif', de: '/leads/stromtarif', en: '/en/leads/electricity' },
  { id: 'energieberatung', de: '/leads/energieberatung', en: '/en/leads/energy-consulting' },
  { id: 'kanzlei', de: '/leads/kanzlei', en: '/en/leads/law-firm' },
  { id: 'coaching', de: '/leads/coaching', en: '/en/leads/coaching' },
  { id: 'consulting', de: '/leads/consulting', en: '/en/leads/consulting' },
  { id: 'immobilien', de: '/leads/immobilien', en: '/en/leads/real-estate' },
  { id: 'baufinanzierung', de: '/leads/baufinanzierung', en: '/en/leads/financing' },
];

export const specHome = { de: '/', en: '/en' } as const;
export const specOverview = { de: '/kategorien', en: '/en/categories' } as const;

/** The spec's 28 page paths: 2 × (home + overview + 12 categories). */
export const specPaths: readonly string[] = [
  specHome.de,
  specHome.en,
  specOverview.de,
  specOverview.en,
  ...specCategories.flatMap((category) => [category.de, category.en]),
];

/** Spec §8's success toast, worded per language. */
export const specToast: Record<
  Lang,
  { title: string; description: (quantity: number, name: string) => string }
> = {
  de: {
    title: 'Erfolgreich hinzugefügt!',
    description: (quantity, name) => `${quantity} ${name} wurde zum Warenkorb hinzugefügt`,
  },
  en: { title: 'Successfully added!', description: (quantity, name) => `${quantity} ${name} added to cart.` },
};

/** Spec §3: the suffix of an exclusive cart line's name. */
export const specExclusiveSuffix: Record<Lang, string> = { de: ' (Exklusiv)', en: ' (Exclusive)' };

/** Spec §2 and §8: the page every unknown path shows. */
export const specNotFound = { heading: '404', text: 'Oops! Page not found', link: 'Return to Home' } as const;

/**
 * Money as a buyer reads it (DESIGN.md): `1.200,00 €` in German, `€1,200.00` in English, from `Intl`
 * directly rather than through the site's own formatter. `digits` 0 gives "ab 89 €" / "from €89".
 */
export function euros(amount: number, lang: Lang, digits = 2): string {
  return new Intl.NumberFormat({ de: 'de-DE', en: 'en-US' }[lang], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
