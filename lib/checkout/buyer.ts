import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
// The userland package (its README: with the slash), not Node's deprecated built-in of the same name.
import { toUnicode } from 'punycode/';
import { regexes } from 'zod/mini';
import { HOME_COUNTRY, isBillingCountry, vatCase, type VatCase } from './vat';
import { vatIdForm, vatIdProblem } from './vat-id';

/**
 * The buyer's billing details, as the checkout collects them and the order service receives them, and the
 * rules each field must meet. Both check with `buyerProblems`, so a message in the browser and a 422 from
 * the service never disagree.
 */
export const BUYER_FIELDS = [
  'company',
  'name',
  'email',
  'phone',
  'street',
  'postcode',
  'city',
  'country',
  'vatId',
  'poNumber',
  'invoiceEmail',
] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type Buyer = Record<BuyerField, string>;

export const OPTIONAL_FIELDS: ReadonlySet<BuyerField> = new Set([
  'phone',
  'vatId',
  'poNumber',
  'invoiceEmail',
]);

/** The longest value of each field, in characters: what an invoice can print on one line. */
export const MAX_LENGTHS: Record<BuyerField, number> = {
  company: 120,
  name: 100,
  email: 254,
  phone: 40,
  street: 120,
  postcode: 12,
  city: 80,
  country: 2,
  vatId: 20,
  poNumber: 60,
  invoiceEmail: 254,
};

export const EMPTY_BUYER: Buyer = Object.fromEntries(BUYER_FIELDS.map((field) => [field, ''])) as Buyer;
/** A new checkout starts with the shop's home country. */
export const NEW_BUYER: Buyer = { ...EMPTY_BUYER, country: HOME_COUNTRY };

export type BuyerProblem =
  | 'control'
  | 'required'
  | 'tooLong'
  | 'email'
  | 'postcode'
  | 'country'
  | 'vatIdFormat'
  | 'vatIdCheckDigit'
  | 'vatIdCountry';

export type BuyerProblems = Partial<Record<BuyerField, BuyerProblem>>;

const vatIdProblems = {
  format: 'vatIdFormat',
  checkDigit: 'vatIdCheckDigit',
  country: 'vatIdCountry',
} as const;

/**
 * A domain's ASCII form, as DNS and SMTP use it: `müller-bau.de` is `xn--mller-bau-q9a.de` (IDNA, by the WHATWG URL
 * parser, which the browser and Node both have). A domain already in ASCII, or with anything but letters, digits,
 * marks, hyphens and dots (which a URL would read as more than a host: `/`, `?`, `#`, `:`, `@`), is left as it is.
 */
export function asciiDomain(domain: string): string {
  if (!/[^\x00-\x7f]/.test(domain) || !/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

/**
 * A top-level label in IDNA's ASCII form that stands for letters of another script, as Greece's `.ελ` is `xn--qxam`:
 * punycode that decodes, to letters and marks only, not all of them ASCII (an encoder writes an ASCII label as it is).
 */
function isInternationalLabel(label: string): boolean {
  if (!label.toLowerCase().startsWith('xn--')) return false;
  try {
    const letters = toUnicode(label.toLowerCase());
    return /[^\x00-\x7f]/.test(letters) && /^[\p{L}\p{M}]+$/u.test(letters);
  } catch {
    return false;
  }
}

/**
 * zod's practical rule for an address, whose domain part takes ASCII only, tested with the domain in its ASCII form:
 * `info@müller-bau.de` is an address like any other. The part before the `@` keeps the rule's ASCII characters.
 */
function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const domain = asciiDomain(value.slice(at + 1));
  // The rule wants the last label in letters; an internationalised one (`xn--qxam`) is letters too.
  const dot = domain.lastIndexOf('.');
  const tested =
    dot >= 0 && isInternationalLabel(domain.slice(dot + 1)) ? `${domain.slice(0, dot)}.xn` : domain;
  return regexes.email.test(`${value.slice(0, at)}@${tested}`);
}

/**
 * A line break, a tab or another control character (C0, DEL, C1, the Unicode line and paragraph separators):
 * every field is one line of an invoice or a mail, and a break would start a line of its own there. And the
 * controls of text direction (embeddings, overrides, isolates): „Firma\u202Egnp.exe\u202C GmbH“ would show as
 * „Firmaexe.png GmbH“ in the sales mail, on the desk and on the invoice copied from them.
 */
const DIRECTION = '\u202a-\u202e\u2066-\u2069';
const CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${DIRECTION}]`);

const DIRECTION_CONTROLS = new RegExp(`[${DIRECTION}]`, 'g');

/**
 * A value as the checkout keeps it: without controls of text direction, which a phone number copied from a
 * phone's contacts or from Outlook carries around it, invisibly („\u202d+49 30 123456\u202c“). The buyer could not
 * see, let alone remove, what the rule above refuses; the service refuses them all the same in a request made
 * without the checkout.
 */
export function withoutDirectionControls(value: string): string {
  return value.replace(DIRECTION_CONTROLS, '');
}

/**
 * A postcode as the buyer's country writes it: capitals, single spaces, and the space that Dutch and British
 * postcodes have before their last part („1012 AB“, "SW1A 1AA") where the buyer left it out. What is checked,
 * and what goes on the quote and the invoice.
 */
export function postcodeForm(value: string, country: string): string {
  const written = value.trim().toUpperCase().split(/\s+/).join(' ');
  if (written.includes(' ')) return written;
  if (country === 'NL' && written.length === 6) return `${written.slice(0, 4)} ${written.slice(4)}`;
  if (country === 'GB' && written.length >= 5 && written.length <= 7)
    return `${written.slice(0, -3)} ${written.slice(-3)}`;
  return written;
}

/**
 * A postcode of each billing country as its post writes it (mostly its capital's), for the message that says what a
 * postcode there looks like. __tests__/buyer.test.ts checks each against the rule above.
 */
const POSTCODE_EXAMPLES: Readonly<Record<string, string>> = {
  AT: '1010', BE: '1000', BG: '1000', CH: '8001', CY: '1010', CZ: '110 00', DE: '10115', DK: '1050',
  EE: '10111', ES: '28001', FI: '00100', FR: '75001', GB: 'SW1A 1AA', GR: '105 57', HR: '10000',
  HU: '1011', IE: 'D02 X285', IT: '00118', LT: 'LT-01100', LU: 'L-1111', LV: 'LV-1050', MT: 'VLT 1117',
  NL: '1012 AB', NO: '0150', PL: '00-001', PT: '1000-001', RO: '010011', SE: '111 20', SI: '1000',
  SK: '811 01',
}; // prettier-ignore

/** How a postcode of a billing country looks; empty for another country. */
export function postcodeExample(country: string): string {
  return POSTCODE_EXAMPLES[country] ?? '';
}

function fieldProblem(field: BuyerField, value: string, buyer: Buyer): BuyerProblem | undefined {
  if (value.length > MAX_LENGTHS[field]) return 'tooLong';
  if (value === '') return OPTIONAL_FIELDS.has(field) ? undefined : 'required';
  // Breaks at either end are trimmed away; one inside would be a line of its own.
  if (CONTROL.test(value)) return 'control';
  switch (field) {
    case 'email':
    case 'invoiceEmail':
      return isEmail(value) ? undefined : 'email';
    case 'country':
      return isBillingCountry(value) ? undefined : 'country';
    case 'postcode':
      return !isBillingCountry(buyer.country) ||
        !postcodeValidatorExistsForCountry(buyer.country) ||
        postcodeValidator(postcodeForm(value, buyer.country), buyer.country)
        ? undefined
        : 'postcode';
    case 'vatId': {
      if (!isBillingCountry(buyer.country)) return undefined;
      const problem = vatIdProblem(value, buyer.country);
      return problem && vatIdProblems[problem];
    }
    default:
      return undefined;
  }
}

/** Every field's problem, by field; an empty object means the details are complete. Values are compared trimmed. */
export function buyerProblems(buyer: Buyer): BuyerProblems {
  const trimmed = trimBuyer(buyer);
  const problems: BuyerProblems = {};
  for (const field of BUYER_FIELDS) {
    const problem = fieldProblem(field, trimmed[field], trimmed);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export function trimBuyer(buyer: Buyer): Buyer {
  return Object.fromEntries(BUYER_FIELDS.map((field) => [field, buyer[field].trim()])) as Buyer;
}

/** The VAT case of complete details: a VAT ID counts only when it passes its check. */
export function buyerVatCase(buyer: Buyer): VatCase {
  const vatId = buyer.vatId.trim();
  const valid = vatId !== '' && vatIdProblem(vatId, buyer.country) === undefined;
  return vatCase(buyer.country, valid);
}

/** The details as they go on a quote or an order: trimmed, the postcode and the VAT ID in their written forms. */
export function cleanBuyer(buyer: Buyer): Buyer {
  const trimmed = trimBuyer(buyer);
  return {
    ...trimmed,
    postcode: postcodeForm(trimmed.postcode, trimmed.country),
    vatId: trimmed.vatId && vatIdForm(trimmed.vatId, trimmed.country),
  };
}

/**
 * Details read back from storage: each known field that holds a string, cut to twice its limit (a longer
 * value can only be junk); anything else starts empty.
 */
export function sanitizeBuyer(raw: unknown): Buyer {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return Object.fromEntries(
    BUYER_FIELDS.map((field) => {
      const value = Object.hasOwn(record, field) ? record[field] : undefined;
      return [
        field,
        typeof value === 'string'
          ? withoutDirectionControls(value.slice(0, MAX_LENGTHS[field] * 2))
          : NEW_BUYER[field],
      ];
    }),
  ) as Buyer;
}
