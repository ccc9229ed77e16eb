/**
 * Which VAT an order carries, by the buyer's country: the one place that holds the rule. The rate is a fact
 * of content/site.json (`facts.vatRate`) and the notes are copy in ui.json (`checkout.vat`), so editors change
 * both without touching this file. Amounts are integer cents.
 */

/** The seller's country: its buyers pay its VAT. */
export const HOME_COUNTRY = 'DE';

/** The member states of the European Union, by ISO 3166-1 alpha-2 code. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

/** Countries outside the EU that the shop invoices. */
export const NON_EU_COUNTRIES = ['CH', 'GB', 'NO'] as const;

/** Every country a buyer may give as the billing address, home country first. */
export const BILLING_COUNTRIES: readonly string[] = [
  HOME_COUNTRY,
  ...[...EU_COUNTRIES, ...NON_EU_COUNTRIES].filter((code) => code !== HOME_COUNTRY),
];

export function isBillingCountry(code: string): boolean {
  return BILLING_COUNTRIES.includes(code);
}

function isEu(code: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(code);
}

/**
 * - `domestic`: a buyer in Germany pays German VAT.
 * - `reverseCharge`: a business in another EU country with a VAT ID owes the VAT itself (0 % on the invoice).
 * - `euWithoutVatId`: a buyer in another EU country without a VAT ID pays German VAT.
 * - `nonEu`: a business outside the EU: the service is not taxable in Germany (§ 3a (2) UStG).
 */
export type VatCase = 'domestic' | 'reverseCharge' | 'euWithoutVatId' | 'nonEu';
export const VAT_CASES: readonly VatCase[] = ['domestic', 'reverseCharge', 'euWithoutVatId', 'nonEu'];

/** Whether a stored value is a VAT case this version knows (an order keeps its case as text). */
export function isVatCase(value: unknown): value is VatCase {
  return (VAT_CASES as readonly unknown[]).includes(value);
}

/** The VAT case of a billing country; `hasVatId` means a VAT ID that passed the format and check-digit test. */
export function vatCase(country: string, hasVatId: boolean): VatCase {
  if (country === HOME_COUNTRY) return 'domestic';
  if (isEu(country)) return hasVatId ? 'reverseCharge' : 'euWithoutVatId';
  return 'nonEu';
}

export interface VatTotals {
  case: VatCase;
  /** The rate charged, in percent: the German rate or 0. */
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** Net, VAT and gross of a net amount in cents. VAT is rounded half up to whole cents, once, on the total. */
export function vatTotals(netCents: number, which: VatCase, germanRate: number): VatTotals {
  const rate = which === 'domestic' || which === 'euWithoutVatId' ? germanRate : 0;
  const vat = Math.round((netCents * rate) / 100);
  return { case: which, rate, net: netCents, vat, gross: netCents + vat };
}
