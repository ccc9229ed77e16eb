import { checkVAT, countries } from 'jsvat';

/**
 * Checks a VAT ID by its format and check digit only, as the checkout and the order service do: whether
 * the number is registered is for the sales team to confirm before it invoices (the page says so).
 */

export type VatIdProblem =
  /** Not the pattern of any country's VAT IDs. */
  | 'format'
  /** The pattern fits, the check digit does not. */
  | 'checkDigit'
  /** A valid VAT ID of another country than the billing address's. */
  | 'country';

/** The VAT ID as written on a quote: upper case, without spaces, dots or hyphens. */
export function normalizeVatId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-]/g, '');
}

/**
 * The VAT ID as the quote, the mails and the desk write it: the normalized form, except a Swiss UID, which is
 * written as the Swiss register writes it („CHE-116.281.710 MWST“) and as the buyer's own papers show it.
 */
export function vatIdForm(value: string, country: string): string {
  const id = normalizeVatId(value);
  const digits = id.slice(3, 12);
  if (country !== 'CH' || !id.startsWith('CHE') || !/^\d{9}$/.test(digits)) return id;
  const suffix = id.slice(12);
  return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}${suffix && ` ${suffix}`}`;
}

/** What is wrong with a VAT ID for a billing country, or `undefined` when it passes. */
export function vatIdProblem(value: string, country: string): VatIdProblem | undefined {
  const result = checkVAT(normalizeVatId(value), countries);
  if (!result.isValidFormat) return 'format';
  if (result.country && result.country.isoCode.short !== country) return 'country';
  if (!result.isValid) return 'checkDigit';
  return undefined;
}

/** How a country's VAT IDs begin: its ISO code, except where the tax offices chose another. */
const VAT_ID_PREFIXES: Readonly<Record<string, string>> = { AT: 'ATU', CH: 'CHE', GR: 'EL' };

export function vatIdPrefix(country: string): string {
  return VAT_ID_PREFIXES[country] ?? country;
}
