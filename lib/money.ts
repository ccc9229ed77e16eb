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

/** The digits of an amount of cents with two decimals, euros grouped by `group` (or not, when it is empty). */
function amountDigits(cents: number, locale: Locale, group: string): string {
  const whole = Math.round(Math.abs(cents));
  const euros = String(Math.floor(whole / 100));
  const hundredths = String(whole % 100).padStart(2, '0');
  return `${group ? groupThousands(euros, group) : euros}${moneyFormats[locale].decimal}${hundredths}`;
}

/** Formats cents with two decimals: `1.200,00 €` in German, `€1,200.00` in English. */
export function formatMoney(cents: number, locale: Locale): string {
  const amount = amountDigits(cents, locale, moneyFormats[locale].group);
  return withCurrency(amount, cents < 0 && Math.round(Math.abs(cents)) > 0, locale);
}

/**
 * Cents as a number that a spreadsheet in `locale` reads as one, for a CSV file: two decimals with the language's
 * decimal mark, no thousands separator and no euro sign (`3870,00` in German, `3870.00` in English), the plainest
 * form an import takes for a number whatever its settings. The currency goes in the column's name.
 */
export function formatAmount(cents: number, locale: Locale): string {
  const amount = amountDigits(cents, locale, '');
  return cents < 0 && Math.round(Math.abs(cents)) > 0 ? `-${amount}` : amount;
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
