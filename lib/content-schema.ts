import { z } from 'zod';
import { categoryGradients, categoryIcons } from './categories';
import { locales, type Locale } from './i18n';
import { STATE_CODES } from './order/area';

// Checks for non-blank text without trimming it: copy such as the " (Exklusiv)" suffix keeps its spaces.
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

const urlSafe = z
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

const pageMeta = z.strictObject({
  title: text.max(60),
  description: text.max(170),
  keywords: z.array(text).min(3).max(12),
});

const titled = z.strictObject({ title: text, description: text });
const faqItems = z.array(z.strictObject({ question: text, answer: text }));
/** Fact id → its label in one language. */
const labels = z.record(z.string().regex(/^[a-zA-Z]+$/, 'use letters only for fact ids'), text);

/** The interface dictionary of one language: `content/<locale>/ui.json`, grouped by component. */
export const dictionarySchema = z.strictObject({
  ...schemaRef,
  /** How this language names itself, for the language toggle on the other languages' pages. */
  language: z.strictObject({
    /** The toggle's visible text, e.g. "DE". */
    code: text,
    /** The language's own name, e.g. "Deutsch". */
    name: text,
    /** The toggle's accessible name, in this language, e.g. "Deutsch – auf Deutsch anzeigen". */
    switchLabel: text,
  }),
  meta: z.strictObject({
    siteName: text,
    tagline: text,
    home: pageMeta,
    overview: pageMeta,
    ogLocale: text,
    /** The unit of a price in structured data, e.g. "Lead". */
    leadUnit: text,
  }),
  header: z.strictObject({
    skipLink: text,
    homeLabel: text,
    mainNavLabel: text,
    features: text,
    categories: text,
    pricing: text,
    contact: text,
    newTab: text,
    cart: text,
    cartCount: text,
    menu: text,
    allCategories: text,
  }),
  footer: z.strictObject({
    description: text,
    productHeading: text,
    features: text,
    pricing: text,
    overview: text,
    companyHeading: text,
    about: text,
    imprint: text,
    privacy: text,
    terms: text,
    machineHeading: text,
    llms: text,
    sitemap: text,
    feed: text,
    copyright: text,
  }),
  home: z.strictObject({
    hero: z.strictObject({
      eyebrow: text,
      title: text,
      titleHighlight: text,
      subtitle: text,
      fromPrice: text,
      netNote: text,
      browseCategories: text,
      watchVideo: text,
    }),
    stats: z.array(z.strictObject({ value: text, label: text })).length(3),
    categories: z.strictObject({ title: text, subtitle: text }),
    features: z.strictObject({
      title: text,
      subtitle: text,
      items: z.array(titled).length(3),
      badges: z.array(text).length(3),
    }),
    howItWorks: z.strictObject({ title: text, subtitle: text, steps: z.array(titled).min(3).max(4) }),
    sampleLead: z.strictObject({
      title: text,
      subtitle: text,
      cardTitle: text,
      fields: z.array(z.strictObject({ label: text, value: text })).min(5),
      note: text,
    }),
    faq: z.strictObject({ title: text, items: faqItems.min(5) }),
    cta: z.strictObject({ title: text, text, button: text }),
  }),
  overview: z.strictObject({ title: text, subtitle: text }),
  categoryCard: z.strictObject({ fromPrice: text, learnMore: text }),
  category: z.strictObject({
    /** The accessible name of the breadcrumb navigation. */
    breadcrumbLabel: text,
    breadcrumbHome: text,
    breadcrumbOverview: text,
    ratingLabel: text,
    ratingText: text,
    /** Where the rating comes from, linked to the source: {source}, {date}. */
    ratingSource: text,
    benefitsTitle: text,
    featuresTitle: text,
    testimonialTitle: text,
    sampleLeadTitle: text,
    sampleLeadNote: text,
    targetingTitle: text,
    targetingText: text,
    /** Where the prospects are; on English pages it tells foreign buyers that they are in Germany. */
    marketNote: text,
    /** The testimonial in this language's quotation marks: {text}. */
    quote: text,
    orderTitle: text,
    fromPerLead: text,
    /** The exclusive price next to the base price: {exclusivePrice}. */
    exclusivePrice: text,
    /** The link at the top of a category page that leads a phone user to the order form. */
    orderCta: text,
    netNote: text,
    faq: z.strictObject({ title: text, items: faqItems.min(3) }),
  }),
  orderForm: z.strictObject({
    formLabel: text,
    name: text,
    email: text,
    company: text,
    phone: text,
    message: text,
    quantity: text,
    quantityHint: text,
    /** The delivery area: the group, its choices, the fields of each choice and their hints. */
    areaLegend: text,
    areaHint: text,
    areaPostcodes: text,
    areaRadius: text,
    areaStates: text,
    postcodesLabel: text,
    postcodesHint: text,
    radiusPostcode: text,
    radiusPostcodeHint: text,
    radiusKm: text,
    /** One distance in the list: {km}. */
    radiusOption: text,
    statesLegend: text,
    /** What is wrong with an area, by error code of lib/order/area.ts: {entry}, {char}, {fix}, {max}. */
    areaErrors: z.strictObject({
      notDigit: text,
      digits: text,
      descending: text,
      badRange: text,
      outOfRange: text,
      postcodesEmpty: text,
      tooMany: text,
      radiusEmpty: text,
      radiusDigits: text,
      distance: text,
      statesEmpty: text,
      kind: text,
    }),
    exclusive: text,
    exclusiveHint: text,
    exclusiveNote: text,
    total: text,
    netNote: text,
    requiredNote: text,
    submit: text,
    privacyNote: text,
    exclusiveSuffix: text,
    toastTitle: text,
    toastDescription: text,
    toolDescription: text,
    /** Shown next to the form when JavaScript is off: ordering needs it; {email} is the sales address. */
    noscript: text,
  }),
  /** A delivery area in words, in the cart, the order and the form. */
  area: z.strictObject({
    germany: text,
    /** {list} of areas and postcodes, e.g. "80–85, 90". */
    postcodes: text,
    /** {km} around {postcode}. */
    radius: text,
    /** The federal states by ISO 3166-2 code. */
    states: z.strictObject(
      Object.fromEntries(STATE_CODES.map((code) => [code, text])) as Record<
        (typeof STATE_CODES)[number],
        typeof text
      >,
    ),
  }),
  cart: z.strictObject({
    title: text,
    close: text,
    empty: text,
    emptyHint: text,
    unitPrice: text,
    quantity: text,
    increase: text,
    decrease: text,
    remove: text,
    /** A line's name: {name} of the category and its {area}. */
    line: text,
    total: text,
    netNote: text,
    checkout: text,
    checkoutAlert: text,
    /** Ordering by e-mail until checkout exists: the link, a hint, and the e-mail's parts. */
    orderByEmail: text,
    orderByEmailHint: text,
    /** Ordering without an e-mail program: copy the order text and send it to {email}. */
    withoutMailProgram: text,
    copyOrder: text,
    copied: text,
    copyFailed: text,
    orderTextLabel: text,
    /** The head of the copied text: {email} and {subject}. */
    copyHeader: text,
    mailSubject: text,
    mailIntro: text,
    mailLine: text,
    mailExclusive: text,
    mailShared: text,
    mailTotal: text,
    mailOutro: text,
  }),
  /**
   * Labels of the ids in `facts` of content/site.json, joined into sentences through the placeholders
   * {channels}, {paymentMethods}, {replacementCriteria} and {consentLogged}. Every id used there needs a label.
   */
  facts: z.strictObject({
    /** The delivery time as the copy says it, by plural form of the number {n}: "1 business day", "2 business days". */
    deliveryTime: z.strictObject({ one: text, other: text }),
    channels: labels,
    paymentMethods: labels,
    replacementCriteria: labels,
    consentLogged: labels,
  }),
  /** The text of /llms.txt (written in English; the lists of each language use that language's headings). */
  llms: z.strictObject({
    summary: text,
    details: text,
    categoriesHeading: text,
    perLead: text,
    dataHeading: text,
    feedLabel: text,
    feedNote: text,
    sitemapLabel: text,
    sitemapNote: text,
    optionalHeading: text,
    homeLabel: text,
    contactLabel: text,
    contactNote: text,
  }),
  /** Messages when code that loads later cannot be loaded, or a part of the page fails to render. */
  errors: z.strictObject({
    loadFailed: text,
    /** The order went into the cart; only its toast failed to load. */
    confirmationFailed: text,
    offline: text,
    /** A new deploy removed the files an open page asks for: reload, the cart is kept. */
    updated: text,
    retry: text,
    reload: text,
    dismiss: text,
    sectionFailed: text,
    sectionHint: text,
    backHome: text,
  }),
  video: z.strictObject({
    title: text,
    close: text,
    consent: text,
    load: text,
  }),
});
export type Dictionary = z.infer<typeof dictionarySchema>;

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
