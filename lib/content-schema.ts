import { z } from 'zod';

// Checks for non-blank text without trimming it: copy such as the " (Exklusiv)" suffix keeps its spaces.
const text = z.string().regex(/\S/, 'must not be empty');

/** Copy of one category in one language: `content/<locale>/categories/<translationKey>.json`. */
export const categoryContentSchema = z.strictObject({
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
});
export type CategoryContent = z.infer<typeof categoryContentSchema>;

const pageMeta = z.strictObject({
  title: text.max(60),
  description: text.max(170),
  keywords: z.array(text).min(3).max(12),
});

const titled = z.strictObject({ title: text, description: text });

/** The interface dictionary of one language: `content/<locale>/ui.json`, grouped by component. */
export const dictionarySchema = z.strictObject({
  meta: z.strictObject({
    siteName: text,
    tagline: text,
    home: pageMeta,
    overview: pageMeta,
    ogLocale: text,
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
    languageToggle: text,
    languageToggleLabel: text,
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
    faq: z.strictObject({
      title: text,
      items: z.array(z.strictObject({ question: text, answer: text })).min(5),
    }),
    cta: z.strictObject({ title: text, text, button: text }),
  }),
  overview: z.strictObject({ title: text, subtitle: text }),
  categoryCard: z.strictObject({ fromPrice: text, learnMore: text }),
  category: z.strictObject({
    breadcrumbHome: text,
    breadcrumbOverview: text,
    ratingLabel: text,
    ratingText: text,
    benefitsTitle: text,
    featuresTitle: text,
    testimonialTitle: text,
    orderTitle: text,
    fromPerLead: text,
    netNote: text,
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
    total: text,
    netNote: text,
    checkout: text,
    checkoutAlert: text,
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

/** Links and settings shared by both languages: `content/site.json`. */
export const siteSchema = z.strictObject({
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
});
export type SiteSettings = z.infer<typeof siteSchema>;
