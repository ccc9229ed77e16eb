import type { Dictionary, SiteSettings } from './content-schema';
import { MAX_QUANTITY, MIN_QUANTITY } from './cart/rules';
import { fill, plural } from './format';
import { intlLocales, type Locale } from './i18n';
import { EXCLUSIVE_FACTOR } from './money';

/**
 * The values of the business-fact placeholders in one language: {maxBuyers},
 * {maxLeadAgeHours}, {channels}, {replacementCriteria}, {ratingValue}, {date}
 * and the rest, from `facts` in content/site.json and the labels in
 * `facts` of the language's ui.json, and the shop's rules from lib/: the
 * exclusive factor and the quantities an order may have. Every string of the dictionary and of
 * the category copy is filled with them when it is loaded, so a fact changed
 * in site.json changes every sentence that states it.
 */
export function factValues(
  locale: Locale,
  site: SiteSettings,
  labels: Dictionary['facts'],
): Record<string, string> {
  const { facts } = site;
  const intl = intlLocales[locale];
  const number = new Intl.NumberFormat(intl);
  const list = (type: 'conjunction' | 'disjunction', ids: string[], group: LabelGroup, values = {}) =>
    new Intl.ListFormat(intl, { type }).format(
      ids.map((id) => fill(labelOf(labels, group, id, locale), values)),
    );

  const numbers = {
    yearsOfExperience: facts.yearsOfExperience,
    behaviourParameters: facts.behaviourParameters,
    ratingCount: facts.rating.count,
    exclusiveFactor: EXCLUSIVE_FACTOR,
    exclusiveSurcharge: EXCLUSIVE_FACTOR - 1,
    minQuantity: MIN_QUANTITY,
    maxQuantity: MAX_QUANTITY,
    maxBuyers: facts.maxBuyers,
    maxLeadAgeHours: facts.maxLeadAgeHours,
    duplicateWindowDays: facts.duplicateWindowDays,
    deliveryBusinessDays: facts.delivery.deliveryBusinessDays,
    replacementDays: facts.replacementDays,
    contactAttempts: facts.contactAttempts,
    paymentTermDays: facts.paymentTermDays,
    vatRate: facts.vatRate,
    retentionYears: facts.consent.retentionYears,
  };
  const formatted = Object.fromEntries(
    Object.entries(numbers).map(([key, value]) => [key, number.format(value)]),
  );
  const deliveryTime = plural(labels.deliveryTime, facts.delivery.deliveryBusinessDays, locale);
  return {
    ...formatted,
    deliveryBusinessDays: fill(deliveryTime, { n: formatted.deliveryBusinessDays! }),
    brand: site.brand,
    channels: list('conjunction', facts.delivery.channels, 'channels'),
    paymentMethods: list('disjunction', facts.paymentMethods, 'paymentMethods'),
    replacementCriteria: list('disjunction', facts.replacementCriteria, 'replacementCriteria', formatted),
    consentLogged: list('conjunction', facts.consent.logged, 'consentLogged'),
    ratingValue: new Intl.NumberFormat(intl, { minimumFractionDigits: 1 }).format(facts.rating.value),
    source: facts.rating.source,
    // A calendar date: formatted in UTC, so that no time zone moves it to another day.
    date: new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(facts.rating.date),
    ),
  };
}

/** Thrown when site.json uses a fact id that a language has no label for. */
export class MissingFactLabel extends Error {
  override name = 'MissingFactLabel';
}

/** The groups of fact ids with a label each. */
type LabelGroup = 'channels' | 'paymentMethods' | 'replacementCriteria' | 'consentLogged';

function labelOf(labels: Dictionary['facts'], group: LabelGroup, id: string, locale: Locale): string {
  const label = Object.hasOwn(labels[group], id) ? labels[group][id] : undefined;
  if (label === undefined) {
    throw new MissingFactLabel(
      `content/${locale}/ui.json: facts.${group} has no label for "${id}", which content/site.json uses`,
    );
  }
  return label;
}

/** Fills the fact placeholders in every string of a JSON value; other placeholders stay for the page to fill. */
export function withFacts<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withFacts(item, values)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withFacts(item, values)]),
    ) as T;
  }
  return value;
}
