/**
 * Billing details as buyers type them, shared by the checkout's unit tests and its browser journey, so that
 * both exercise the same buyers. Field names are those of lib/checkout/buyer.ts.
 */
import type { BuyerField } from '../lib/checkout/buyer';

export type BillingInput = Partial<Record<BuyerField, string>>;

export const contact = {
  company: 'Muster Treppenbau GmbH',
  name: 'Erika Muster',
  // A domain with an umlaut, as many German firms have: the journey shows it as typed, not in punycode.
  email: 'einkauf@müller-treppenbau.example',
};

/** A buyer in Germany: German VAT, no note. */
export const german: BillingInput = {
  ...contact,
  street: 'Hauptstraße 12',
  postcode: '80331',
  city: 'München',
  country: 'DE',
};

/** A business in Austria with a valid VAT ID and an order number of its own: reverse charge. */
export const austrianWithId: BillingInput = {
  ...contact,
  street: 'Ringstraße 5',
  postcode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'ATU13585627',
  poNumber: 'PO-4711',
};
