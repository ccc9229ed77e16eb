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

/**
 * Money is formatted by hand rather than with `Intl.NumberFormat`: building the
 * first currency formatter loads the browser's locale data, which costs 25 to
 * 50 ms of main thread on a desktop and four times that on a phone, during
 * hydration of every category page. Only EUR in two locales is needed, and
 * `__tests__/money.test.ts` checks the output against `Intl` for a range of
 * amounts, so the two cannot drift apart unnoticed.
 */
interface MoneyFormat {
  group: string;
  decimal: string;
  /** Places the euro sign: after the amount with a no-break space in German, before it in English. */
  withSymbol: (amount: string) => string;
}

const moneyFormats: Record<Locale, MoneyFormat> = {
  de: { group: '.', decimal: ',', withSymbol: (amount) => `${amount}\u00a0€` },
  en: { group: ',', decimal: '.', withSymbol: (amount) => `€${amount}` },
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

/** The minus sign comes first in both languages: `-1,00 €`, `-€1.00`. */
function withCurrency(amount: string, negative: boolean, locale: Locale): string {
  return `${negative ? '-' : ''}${moneyFormats[locale].withSymbol(amount)}`;
}

/** Formats cents with two decimals: `1.200,00 €` in German, `€1,200.00` in English. */
export function formatMoney(cents: number, locale: Locale): string {
  const whole = Math.round(Math.abs(cents));
  const { group, decimal } = moneyFormats[locale];
  const amount = `${groupThousands(String(Math.floor(whole / 100)), group)}${decimal}${String(whole % 100).padStart(2, '0')}`;
  return withCurrency(amount, cents < 0 && whole > 0, locale);
}

/** Formats whole euros without decimals, for "ab 89 €" / "from €89". Fractions round half away from zero. */
export function formatEuros(euros: number, locale: Locale): string {
  const whole = Math.round(Math.abs(eurosToCents(euros)) / 100);
  return withCurrency(
    groupThousands(String(whole), moneyFormats[locale].group),
    euros < 0 && whole > 0,
    locale,
  );
}
