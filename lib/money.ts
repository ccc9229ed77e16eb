import type { Locale } from './i18n';

/** Exclusive leads cost five times the base price. */
export const EXCLUSIVE_FACTOR = 5;

/** Whole euros to integer cents. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function unitPriceCents(basePriceEuros: number, exclusive: boolean): number {
  return eurosToCents(basePriceEuros) * (exclusive ? EXCLUSIVE_FACTOR : 1);
}

/** The surcharge of an exclusive order over the base price: 4 × base × quantity. */
export function exclusiveSurchargeCents(basePriceEuros: number, quantity: number): number {
  return eurosToCents(basePriceEuros) * (EXCLUSIVE_FACTOR - 1) * quantity;
}

const intlLocale: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let existing = formatters.get(key);
  if (!existing) {
    existing = new Intl.NumberFormat(intlLocale[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, existing);
  }
  return existing;
}

/** Formats cents with two decimals: `1.200,00 €` in German, `€1,200.00` in English. */
export function formatMoney(cents: number, locale: Locale): string {
  return formatter(locale, 2).format(cents / 100);
}

/** Formats whole euros without decimals, for "ab 89 €" / "from €89". */
export function formatEuros(euros: number, locale: Locale): string {
  return formatter(locale, 0).format(euros);
}
