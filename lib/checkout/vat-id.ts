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
 * A VAT ID of each billing country in the form its tax office gives them, with a check digit that fits, for the
 * message that says what one looks like there. Made up, not any firm's; __tests__/vat-id.test.ts checks each.
 */
const VAT_ID_EXAMPLES: Readonly<Record<string, string>> = {
  AT: 'ATU12345675', BE: 'BE0123456749', BG: 'BG123456786', CH: 'CHE-123.456.788 MWST', CY: 'CY10234560L',
  CZ: 'CZ12345679', DE: 'DE123456788', DK: 'DK12345674', EE: 'EE101234500', ES: 'ESB12345674',
  FI: 'FI12345671', FR: 'FR32123456789', GB: 'GB123456782', GR: 'EL123456783', HR: 'HR12345678903',
  HU: 'HU12345676', IE: 'IE1234567T', IT: 'IT12345670017', LT: 'LT123456715', LU: 'LU12345613',
  LV: 'LV40003123453', MT: 'MT12345634', NL: 'NL123456782B01', NO: 'NO123456785MVA', PL: 'PL1234567890',
  PT: 'PT123456789', RO: 'RO12345674', SE: 'SE123456789701', SI: 'SI12345679', SK: 'SK2123456786',
}; // prettier-ignore

/** How a VAT ID of a billing country looks; empty for another country. */
export function vatIdExample(country: string): string {
  return VAT_ID_EXAMPLES[country] ?? '';
}
