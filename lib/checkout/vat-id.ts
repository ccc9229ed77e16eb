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

/**
 * A VAT ID of each billing country in the form its tax office gives them, for the message that says what one looks
 * like there. Its check digit does not fit, on purpose: copied from the message, it is no firm's number and never
 * counts as a VAT ID (reverse charge); __tests__/vat-id.test.ts checks each.
 */
const VAT_ID_EXAMPLES: Readonly<Record<string, string>> = {
  AT: 'ATU12345676', BE: 'BE0123456740', BG: 'BG123456787', CH: 'CHE-123.456.789 MWST', CY: 'CY10234561L',
  CZ: 'CZ12345670', DE: 'DE123456789', DK: 'DK12345675', EE: 'EE101234501', ES: 'ESB12345675',
  FI: 'FI12345672', FR: 'FR32123456780', GB: 'GB123456783', GR: 'EL123456784', HR: 'HR12345678904',
  HU: 'HU12345677', IE: 'IE1234568T', IT: 'IT12345670018', LT: 'LT123456716', LU: 'LU12345614',
  LV: 'LV40003123454', MT: 'MT12345635', NL: 'NL123456789B01', NO: 'NO123456786MVA', PL: 'PL1234567891',
  PT: 'PT123456780', RO: 'RO12345675', SE: 'SE123456789801', SI: 'SI12345670', SK: 'SK2123456787',
}; // prettier-ignore

/** How a VAT ID of a billing country looks; empty for another country. */
export function vatIdExample(country: string): string {
  return VAT_ID_EXAMPLES[country] ?? '';
}
