import { z } from 'zod';
import germanUi from '../content/de/ui.json';
import { categoryGradients, categoryIcons } from './categories';
import { locales, type Locale } from './i18n';

// Non-blank text. The editors' CMS trims what it saves, so no text may depend on a leading or trailing space.
const text = z.string().regex(/\S/, 'must not be empty');

/**
 * Every content file may name its JSON Schema (generated from these schemas into `content/schemas/`)
 * in a `"$schema"` key, so that editors get completion and errors while they type.
 */
const schemaRef = { $schema: z.string().optional() };

/** One value per language: an object with exactly the keys of `locales`. */
function perLocale<T extends z.ZodType>(value: T) {
  return z.strictObject(Object.fromEntries(locales.map((locale) => [locale, value])) as Record<Locale, T>);
}

/** A name that becomes part of a URL or a file name: the same rule for ids, slugs and the copy files' names. */
export const urlSafe = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'use lower-case letters a–z, digits and single hyphens only (it becomes part of a URL)',
  );

const categoryRow = z.strictObject({
  id: urlSafe.describe(
    'Stable id of the category, used in cart lines and the product feed. Never change it once live.',
  ),
  translationKey: urlSafe.describe(
    'Name of the copy files content/<language>/categories/<translationKey>.json.',
  ),
  price: z
    .number()
    .int('must be a whole number of euros')
    .positive('must be greater than 0')
    .describe('Net price per lead in whole euros, without VAT.'),
  icon: z.enum(categoryIcons).describe('The icon on the category tile.'),
  gradient: z
    .enum(
      Object.keys(categoryGradients) as [
        keyof typeof categoryGradients,
        ...(keyof typeof categoryGradients)[],
      ],
    )
    .describe('The colour pair of the icon tile.'),
  slugs: perLocale(urlSafe).describe(
    'The last part of the page address in each language, e.g. /leads/<de> and /en/leads/<en>.',
  ),
});

type CategoryRow = z.infer<typeof categoryRow>;

/** Ids, copy file names and each language's slugs must each be unique across the table. */
function uniqueKeys(rows: CategoryRow[], context: z.core.$RefinementCtx<CategoryRow[]>) {
  const keys: [string, (row: CategoryRow) => string][] = [
    ['id', (row) => row.id],
    ['translationKey', (row) => row.translationKey],
    ...locales.map((locale): [string, (row: CategoryRow) => string] => [
      `slugs.${locale}`,
      (row) => row.slugs[locale],
    ]),
  ];
  for (const [field, key] of keys) {
    const seen = new Map<string, number>();
    rows.forEach((row, index) => {
      const value = key(row);
      const first = seen.get(value);
      if (first === undefined) seen.set(value, index);
      else
        context.addIssue({
          code: 'custom',
          path: [index, ...field.split('.')],
          message: `"${value}" is already used by row ${first + 1}; it must be unique`,
        });
    });
  }
}

/** The category table: `content/categories.json`, one row per category in display order. */
export const categoryTableSchema = z.strictObject({
  ...schemaRef,
  categories: z.array(categoryRow).min(1, 'list at least one category').superRefine(uniqueKeys),
});
export type CategoryTable = z.infer<typeof categoryTableSchema>;

/** Copy of one category in one language: `content/<locale>/categories/<translationKey>.json`. */
export const categoryContentSchema = z.strictObject({
  ...schemaRef,
  /** Short name for navigation, cards, the cart and the feed, e.g. "Treppenlifte". */
  name: text,
  /** The page's <title>, without the site name (the layout appends it). */
  title: text.max(60, 'keep titles at 60 characters or fewer so search results show them whole'),
  /** Meta description and hero text. */
  description: text.max(170, 'keep descriptions at 170 characters or fewer'),
  keywords: z.array(text).min(3).max(12),
  h1: text,
  benefits: z.array(text).length(6),
  features: z.array(z.strictObject({ title: text, description: text })).length(6),
  testimonial: z.strictObject({ text, author: text, company: text }),
  /** A made-up lead of this trade, as a buyer receives it: the fields it contains, with sample values. */
  sampleLead: z
    .array(z.strictObject({ label: text, value: text }))
    .min(5)
    .max(10),
});
export type CategoryContent = z.infer<typeof categoryContentSchema>;

/** A page's title, meta description and keywords: their lengths are what search results show whole. */
const pageMeta = z.strictObject({
  title: text.max(60, 'keep titles at 60 characters or fewer so search results show them whole'),
  description: text.max(170, 'keep descriptions at 170 characters or fewer'),
  keywords: z.array(text).min(3).max(12),
});

/** Fact id → its label in one language. */
const labels = z.record(z.string().regex(/^[a-zA-Z]+$/, 'use letters only for fact ids'), text);

/**
 * Labels of the ids in `facts` of content/site.json, joined into sentences through the placeholders
 * {channels}, {paymentMethods}, {replacementCriteria} and {consentLogged}. site.json chooses the ids, so
 * each group is an open list; every id used there needs a label (lib/facts.ts says which one is missing).
 */
const factLabels = z.strictObject({
  /** The delivery time by plural form of the number {n}: "1 business day", "2 business days". */
  deliveryTime: z.strictObject({ one: text, other: text }),
  channels: labels,
  paymentMethods: labels,
  replacementCriteria: labels,
  consentLogged: labels,
});

/**
 * The zod schema of a value shaped like `value`: the same keys and no others, lists of the same length,
 * non-blank text where `value` has text.
 */
function shapeOf(value: unknown): z.ZodType {
  if (typeof value === 'string') return text;
  if (typeof value === 'number') return z.number();
  if (typeof value === 'boolean') return z.boolean();
  if (Array.isArray(value)) return z.array(shapeOf(value[0])).length(value.length);
  if (typeof value === 'object' && value !== null) return objectShapeOf(value);
  throw new Error(`content/de/ui.json has a value of a kind the dictionary cannot hold: ${String(value)}`);
}

function objectShapeOf(value: object) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '$schema')
        .map(([key, item]) => [key, shapeOf(item)]),
    ),
  );
}

/**
 * The interface dictionary of one language, `content/<locale>/ui.json`, grouped by component. The German
 * file is its definition: its keys give the type and the schema every language is checked against, so a
 * new string is added to the ui.json files and nowhere else. Only the page metadata (lengths) and the fact
 * labels (open lists of ids) have rules of their own.
 */
export type Dictionary = Omit<typeof germanUi, '$schema' | 'facts'> & { facts: z.infer<typeof factLabels> };
export const dictionarySchema = objectShapeOf(germanUi).extend({
  ...schemaRef,
  meta: objectShapeOf(germanUi.meta).extend({ home: pageMeta, overview: pageMeta, checkout: pageMeta }),
  facts: factLabels,
}) as unknown as z.ZodType<Dictionary>;

const url = z.url();
const count = z.number().int('must be a whole number').positive('must be greater than 0');
const factIds = z.array(z.string().regex(/^[a-zA-Z]+$/, 'use letters only for fact ids')).min(1);

/** Links and settings shared by both languages: `content/site.json`. */
export const siteSchema = z.strictObject({
  ...schemaRef,
  brand: text,
  /** Fallback for the public origin; the `SITE_URL` environment variable wins. */
  defaultSiteUrl: url,
  email: z.email(),
  /**
   * The seller as the quote names it. The values shipped are placeholders that say so: the owner enters the
   * company's real details before launch (content/README.md).
   */
  seller: z.strictObject({
    legalName: text.describe('The company name with its legal form, e.g. "Leadwerk GmbH".'),
    street: text.describe('Street and number of the registered office.'),
    postcode: text,
    // No country: the seller charges German VAT (lib/checkout/vat.ts), so it sits in Germany, which the quote
    // and the confirmation name in their own language.
    city: text,
    /** § 35a GmbHG: a business letter names the registered office, which need not be the address's town. */
    seat: text.describe(
      'The registered office (Sitz der Gesellschaft) as the commercial register names it, e.g. "Berlin".',
    ),
    registerCourt: text.describe('The register court, e.g. "Amtsgericht Berlin-Charlottenburg".'),
    registerNumber: text.describe('The commercial register number, e.g. "HRB 123456 B".'),
    vatId: text.describe('The company\'s VAT ID (USt-IdNr.), e.g. "DE123456789".'),
    managingDirectors: z
      .array(text)
      .min(1)
      .describe('The managing directors (Geschäftsführer), one per entry.'),
  }),
  links: z.strictObject({
    contact: url,
    about: url,
    imprint: url,
    privacy: url,
    terms: url,
  }),
  video: z.strictObject({
    youtubeId: z.string().regex(/^[\w-]{11}$/, 'must be an 11-character YouTube video id'),
  }),
  copyrightYear: z.number().int(),
  /**
   * The business facts the copy states, each in one place; the copy refers to them through placeholders
   * such as {maxBuyers}. The owner confirms them before launch (content/README.md).
   */
  facts: z.strictObject({
    /** The years of experience the copy claims. */
    yearsOfExperience: count,
    /** How many behaviour parameters each lead is scored against. */
    behaviourParameters: count,
    /** A lead sold without the exclusive option goes to at most this many buyers. */
    maxBuyers: count,
    /** A lead is at most this old when delivered, counted from the prospect's double opt-in. */
    maxLeadAgeHours: count,
    /** The same prospect is not sold to the same buyer twice within this many days. */
    duplicateWindowDays: count,
    delivery: z.strictObject({ channels: factIds, deliveryBusinessDays: count }),
    /** A buyer can report a bad lead this many days after delivery. */
    replacementDays: count,
    replacementCriteria: factIds,
    /** Calls on different business days before a prospect counts as unreachable. */
    contactAttempts: count,
    paymentMethods: factIds,
    paymentTermDays: count,
    /** German VAT in percent. */
    vatRate: z.number().positive().max(100),
    /** A quote holds for this many days after its date. */
    quoteValidityDays: count,
    consent: z.strictObject({ retentionYears: count, logged: factIds }),
    /** The rating claim's source: shown and linked next to it. */
    rating: z.strictObject({
      value: z.number().min(0).max(5),
      count,
      source: text,
      url,
      /** When the figures were read off the source, YYYY-MM-DD. */
      date: z.iso.date(),
    }),
  }),
});
export type SiteSettings = z.infer<typeof siteSchema>;
