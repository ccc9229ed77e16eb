import { z } from 'zod';
import germanUi from '../content/de/ui.json';
import type { CategoryGradient, CategoryIcon } from './categories';
import { categoryContentSchema, categoryTableSchema, dictionarySchema, siteSchema } from './content-schema';
import { defaultLocale, locales } from './i18n';

/**
 * The configuration of the editors' CMS at /admin (Sveltia CMS), generated from
 * the zod schemas the build checks content with and from the structure of the
 * German interface texts, so that the editor refuses what the build would
 * refuse. `npm run cms` writes it to public/admin/config.json; a test fails
 * when that file is out of date. Labels and hints are German, for the shop's
 * editors; they live in `labels` below, keyed by the field's path.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type CmsField = Record<string, unknown> & { name: string; widget: string };

interface Label {
  label: string;
  hint?: string;
  /** A list's name for one item, in its "add" button: „Vorteil hinzufügen“, not „Vorteile hinzufügen“. */
  singular?: string;
}

const SLUG_HINT =
  'Teil der Seitenadresse. Achtung: Wer den Slug einer veröffentlichten Seite ändert, macht alle Links von außen auf die alte Adresse (Suchmaschinen, Anzeigen, Lesezeichen) ungültig.';
const URL_SAFE = 'nur Kleinbuchstaben a–z, Ziffern und einzelne Bindestriche';
const URL_SAFE_SENTENCE =
  'Nur Kleinbuchstaben a–z, Ziffern und einzelne Bindestriche; Umlaute ausschreiben (ae, oe, ue, ss).';
/** Lists whose items the pages show side by side in both languages: the build compares them item by item. */
const SAME_COUNT = 'In Deutsch und Englisch gleich viele Einträge.';
const placeholder = (name: string) => `Die Texte nennen den Wert als Platzhalter {${name}}.`;
const KNOWN_IDS =
  'Nur Kennungen, die es schon gibt; eine neue legt die Entwicklung an, denn sie braucht in beiden Sprachen eine Beschriftung.';

/** German labels and hints by field path (list items have no index in the path). */
const labels: Record<string, Label> = {
  categories: {
    label: 'Kategorien',
    singular: 'Kategorie',
    hint: 'Eine Zeile je Branche, in der Reihenfolge der Website.',
  },
  'categories.id': {
    label: 'ID',
    hint: `Feste Kennung für Warenkorb und Produkt-Feed (${URL_SAFE}). Nach dem Start nie mehr ändern.`,
  },
  'categories.translationKey': {
    label: 'Textdatei',
    hint: 'Der Eintrag unter „Branchentexte“ mit den Texten dieser Branche. Eine neue Branche bekommt zuerst ihre Texte, dann ihre Zeile.',
  },
  'categories.price': {
    label: 'Preis pro Lead (€, netto)',
    hint: 'Ganze Euro ohne Mehrwertsteuer, größer als 0.',
  },
  'categories.icon': { label: 'Symbol', hint: 'Das Symbol auf der Kategorie-Kachel.' },
  'categories.gradient': { label: 'Farbe', hint: 'Das Farbpaar der Symbol-Kachel.' },
  'categories.slugs': { label: 'Slugs (Seitenadresse)', hint: SLUG_HINT },
  'categories.slugs.de': { label: 'Slug deutsch (/leads/…)', hint: URL_SAFE_SENTENCE },
  'categories.slugs.en': { label: 'Slug englisch (/en/leads/…)', hint: URL_SAFE_SENTENCE },
  name: { label: 'Name', hint: 'Kurzname für Navigation, Kacheln, Warenkorb und Feed.' },
  title: {
    label: 'Seitentitel',
    hint: 'Ohne Markennamen, höchstens 60 Zeichen, damit Suchergebnisse ihn ganz zeigen.',
  },
  description: { label: 'Beschreibung', hint: 'Meta-Beschreibung und Einleitung, höchstens 170 Zeichen.' },
  keywords: { label: 'Suchbegriffe', singular: 'Suchbegriff', hint: '3 bis 12 Begriffe.' },
  'keywords.item': { label: 'Suchbegriff' },
  h1: { label: 'Hauptüberschrift (H1)' },
  benefits: { label: 'Vorteile', singular: 'Vorteil', hint: 'Genau sechs Vorteile.' },
  'benefits.item': { label: 'Vorteil' },
  features: {
    label: 'Leistungsmerkmale',
    singular: 'Leistungsmerkmal',
    hint: 'Genau sechs Merkmale mit Titel und Text.',
  },
  'features.title': { label: 'Titel' },
  'features.description': { label: 'Text' },
  testimonial: { label: 'Kundenstimme' },
  'testimonial.text': { label: 'Zitat' },
  'testimonial.author': { label: 'Person und Funktion' },
  'testimonial.company': { label: 'Firma' },
  sampleLead: {
    label: 'Beispiel-Lead',
    singular: 'Angabe',
    hint: `5 bis 10 Angaben, wie ein Käufer sie erhält (erfundene Werte). ${SAME_COUNT}`,
  },
  'sampleLead.label': { label: 'Angabe' },
  'sampleLead.value': { label: 'Beispielwert' },
  brand: { label: 'Marke' },
  defaultSiteUrl: {
    label: 'Adresse der Website',
    hint: 'Nur nach Absprache mit der Entwicklung ändern: Der Server kann eine andere Adresse vorgeben.',
  },
  email: { label: 'E-Mail des Vertriebs' },
  seller: {
    label: 'Verkäufer (auf Angebot und Bestätigungs-E-Mail)',
    hint: 'Pflichtangaben eines Geschäftsbriefs. Vor dem Start alle Platzhalter durch die echten Firmendaten ersetzen.',
  },
  'seller.legalName': { label: 'Firma mit Rechtsform', hint: 'z. B. „Leadwerk GmbH“' },
  'seller.street': { label: 'Straße und Hausnummer (Sitz)' },
  'seller.postcode': { label: 'PLZ' },
  'seller.city': { label: 'Ort' },
  'seller.registerCourt': { label: 'Registergericht', hint: 'z. B. „Amtsgericht Berlin-Charlottenburg“' },
  'seller.registerNumber': { label: 'Handelsregisternummer', hint: 'z. B. „HRB 123456 B“' },
  'seller.vatId': { label: 'USt-IdNr.', hint: 'z. B. „DE123456789“' },
  'seller.managingDirectors': {
    label: 'Geschäftsführung',
    singular: 'Person',
    hint: 'Eine Person je Eintrag.',
  },
  'seller.managingDirectors.item': { label: 'Geschäftsführer/in' },
  links: { label: 'Links' },
  'links.contact': { label: 'Kontakt / Terminbuchung' },
  'links.about': { label: 'Über uns' },
  'links.imprint': { label: 'Impressum' },
  'links.privacy': { label: 'Datenschutz' },
  'links.terms': { label: 'AGB' },
  video: { label: 'Video' },
  'video.youtubeId': { label: 'YouTube-ID', hint: 'Die 11 Zeichen nach „v=“ in der YouTube-Adresse.' },
  copyrightYear: { label: 'Copyright-Jahr' },
  facts: { label: 'Geschäftsfakten', hint: 'Die Texte nennen diese Werte über Platzhalter wie {maxBuyers}.' },
  'facts.yearsOfExperience': { label: 'Jahre Erfahrung', hint: placeholder('yearsOfExperience') },
  'facts.behaviourParameters': {
    label: 'Zahl der Verhaltensparameter',
    hint: placeholder('behaviourParameters'),
  },
  'facts.maxBuyers': { label: 'Höchstzahl Käufer je Lead (nicht exklusiv)', hint: placeholder('maxBuyers') },
  'facts.maxLeadAgeHours': {
    label: 'Höchstalter eines Leads bei Lieferung (Stunden)',
    hint: placeholder('maxLeadAgeHours'),
  },
  'facts.duplicateWindowDays': {
    label: 'Sperrfrist für Dubletten (Tage)',
    hint: placeholder('duplicateWindowDays'),
  },
  'facts.delivery': { label: 'Lieferung' },
  'facts.delivery.channels': {
    label: 'Lieferwege (IDs)',
    singular: 'Lieferweg',
    hint: `${KNOWN_IDS} ${placeholder('channels')}`,
  },
  'facts.delivery.deliveryBusinessDays': {
    label: 'Lieferzeit (Arbeitstage)',
    hint: placeholder('deliveryBusinessDays'),
  },
  'facts.replacementDays': { label: 'Reklamationsfrist (Tage)', hint: placeholder('replacementDays') },
  'facts.replacementCriteria': {
    label: 'Reklamationsgründe (IDs)',
    singular: 'Reklamationsgrund',
    hint: `${KNOWN_IDS} ${placeholder('replacementCriteria')}`,
  },
  'facts.contactAttempts': {
    label: 'Anrufversuche bis „nicht erreichbar“',
    hint: placeholder('contactAttempts'),
  },
  'facts.paymentMethods': {
    label: 'Zahlarten (IDs)',
    singular: 'Zahlart',
    hint: `${KNOWN_IDS} ${placeholder('paymentMethods')}`,
  },
  'facts.paymentTermDays': { label: 'Zahlungsziel (Tage)', hint: placeholder('paymentTermDays') },
  'facts.vatRate': { label: 'Mehrwertsteuer (%)', hint: `Größer als 0, z. B. 19. ${placeholder('vatRate')}` },
  'facts.quoteValidityDays': { label: 'Gültigkeit eines Angebots (Tage)' },
  'facts.consent': { label: 'Einwilligung' },
  'facts.consent.retentionYears': {
    label: 'Aufbewahrung der Nachweise (Jahre)',
    hint: placeholder('retentionYears'),
  },
  'facts.consent.logged': {
    label: 'Protokollierte Angaben (IDs)',
    singular: 'Angabe',
    hint: `${KNOWN_IDS} ${placeholder('consentLogged')}`,
  },
  'facts.rating': { label: 'Bewertung' },
  'facts.rating.value': { label: 'Sternebewertung (0 bis 5)', hint: placeholder('ratingValue') },
  'facts.rating.count': { label: 'Anzahl Bewertungen', hint: placeholder('ratingCount') },
  'facts.rating.source': { label: 'Quelle', hint: placeholder('source') },
  'facts.rating.url': { label: 'Link zur Quelle' },
  'facts.rating.date': {
    label: 'Abgelesen am',
    hint: `Im Format JJJJ-MM-TT, z. B. 2025-03-12. ${placeholder('date')}`,
  },
  // Groups of the interface texts (content/<Sprache>/ui.json), under `ui.`: their fields keep the file's keys.
  'ui.language': { label: 'Sprache' },
  'ui.meta': { label: 'Suchmaschinen' },
  'ui.header': { label: 'Kopfzeile' },
  'ui.footer': { label: 'Fußzeile' },
  'ui.home': { label: 'Startseite' },
  'ui.overview': { label: 'Kategorieübersicht' },
  'ui.categoryCard': { label: 'Kategorie-Kachel' },
  'ui.category': { label: 'Kategorieseite' },
  'ui.orderForm': { label: 'Bestellformular' },
  'ui.area': { label: 'Liefergebiet', hint: 'Auswahl im Bestellformular und Angabe je Warenkorbzeile.' },
  'ui.cart': { label: 'Warenkorb' },
  'ui.errors': { label: 'Fehlermeldungen' },
  'ui.facts': {
    label: 'Beschriftungen der Geschäftsfakten',
    hint: 'Wie die Kennungen unter „Website und Fakten“ in den Texten heißen.',
  },
  'ui.llms': { label: 'llms.txt' },
  'ui.video': { label: 'Video' },
  'ui.checkout': { label: 'Kasse, Angebot und Bestellung' },
  'ui.meta.home': { label: 'Startseite' },
  'ui.meta.overview': { label: 'Kategorieübersicht' },
  'ui.meta.checkout': { label: 'Kasse' },
  'ui.home.hero': { label: 'Kopfbereich' },
  'ui.home.stats': { label: 'Kennzahlen' },
  'ui.home.categories': { label: 'Kategorien' },
  'ui.home.features': { label: 'Vorteile und Siegel' },
  'ui.home.howItWorks': { label: 'So funktioniert es' },
  'ui.home.sampleLead': { label: 'Beispiel-Lead' },
  'ui.home.faq': { label: 'Häufige Fragen' },
  'ui.home.cta': { label: 'Aufruf am Seitenende' },
  'ui.category.faq': { label: 'Häufige Fragen' },
  'ui.orderForm.areaErrors': { label: 'Fehlermeldungen zum Liefergebiet' },
  'ui.area.states': { label: 'Bundesländer' },
  'ui.facts.channels': { label: 'Lieferwege' },
  'ui.facts.paymentMethods': { label: 'Zahlarten' },
  'ui.facts.replacementCriteria': { label: 'Reklamationsgründe' },
  'ui.facts.consentLogged': { label: 'Protokollierte Angaben' },
  'ui.facts.deliveryTime': { label: 'Lieferzeit' },
  'ui.checkout.columns': { label: 'Tabellenspalten' },
  'ui.checkout.totals': { label: 'Summen' },
  'ui.checkout.vatNotes': {
    label: 'Umsatzsteuer-Hinweise',
    hint: 'Rechtlicher Wortlaut: nur nach Rücksprache mit der Steuerberatung ändern.',
  },
  'ui.checkout.fields': { label: 'Felder der Rechnungsangaben' },
  'ui.checkout.hints': { label: 'Hinweise unter den Feldern' },
  'ui.checkout.errors': { label: 'Fehlermeldungen' },
  'ui.checkout.quote': { label: 'Angebot' },
  'ui.checkout.send': { label: 'Bestellen' },
  'ui.checkout.mail': { label: 'Bestellung per E-Mail' },
  'ui.checkout.confirmation': { label: 'Seite nach der Bestellung' },
  'ui.checkout.confirmationMail': { label: 'Bestätigung per E-Mail an den Kunden' },
};

/** German names for keys the interface texts use in many places, where no label above is more exact. */
const uiNames: Record<string, string> = {
  title: 'Titel',
  subtitle: 'Untertitel',
  description: 'Beschreibung',
  heading: 'Überschrift',
  intro: 'Einleitung',
  text: 'Text',
  label: 'Beschriftung',
  value: 'Wert',
  button: 'Schaltfläche',
  question: 'Frage',
  answer: 'Antwort',
  items: 'Einträge',
  steps: 'Schritte',
  note: 'Hinweis',
  one: 'Einzahl (bei 1)',
  other: 'Mehrzahl',
};

/** What a page's search-engine texts (`ui.meta.<page>.title` …) share with a category's: label, hint, limits. */
const PAGE_META = new Set(['title', 'description', 'keywords']);

/**
 * The icons' and colours' names as the editor picks them: what each draws, in German, beside the id the
 * table keeps (the compiler reports an icon or colour without a name).
 */
const iconNames: Record<CategoryIcon, string> = {
  stairlift: 'Treppenlift (Doppelpfeil nach oben)',
  solar: 'Photovoltaik (Sonne)',
  'heat-pump': 'Heizung (Flamme)',
  roofing: 'Dach und Haus',
  windows: 'Fenster (Raster)',
  electricity: 'Strom (Blitz)',
  'energy-consulting': 'Energieberatung (Glühbirne)',
  law: 'Recht (Waage)',
  coaching: 'Coaching (Doktorhut)',
  consulting: 'Beratung (Aktentasche)',
  'real-estate': 'Immobilien (Bürogebäude)',
  financing: 'Finanzierung (Geldscheine)',
  shield: 'Sicherheit (Schild)',
  truck: 'Transport (Lkw)',
  heart: 'Gesundheit (Herz)',
  wrench: 'Handwerk (Werkzeug)',
};
const gradientNames: Record<CategoryGradient, string> = {
  blue: 'Himmelblau bis Blau',
  orange: 'Bernstein bis Orange',
  red: 'Rosé bis Rot',
  stone: 'Steingrau',
  teal: 'Cyan bis Petrol',
  amber: 'Gelb bis Bernstein',
  green: 'Smaragd bis Grün',
  slate: 'Schiefergrau',
  purple: 'Magenta bis Lila',
  indigo: 'Indigo',
  cyan: 'Petrol bis Cyan',
  violet: 'Blau bis Violett',
};
const optionNames: Record<string, Record<string, string>> = {
  'categories.icon': iconNames,
  'categories.gradient': gradientNames,
};

/** Fields whose text runs over several lines get a text area. */
const LONG_TEXT = 100;

function describe(path: string, name: string): Label {
  // A page's search-engine texts (ui.meta.<page>.title, ….keywords.item) are labelled as a category's are.
  const [root, group, , field, ...rest] = path.split('.');
  const pageMeta = root === 'ui' && group === 'meta' && field !== undefined && PAGE_META.has(field);
  const uiName = root === 'ui' ? uiNames[name] : undefined;
  return (
    labels[path] ??
    (pageMeta ? labels[[field, ...rest].join('.')] : undefined) ??
    (uiName ? { label: uiName } : undefined) ?? { label: name === 'item' ? 'Eintrag' : name }
  );
}

/** A label's parts as the CMS reads them. */
function labelFields({ label, hint, singular }: Label) {
  return { label, ...(singular ? { label_singular: singular } : {}), ...(hint ? { hint } : {}) };
}

function messageFor(node: JsonSchema): string {
  const { pattern } = node;
  if (pattern === '^[a-z0-9]+(?:-[a-z0-9]+)*$') return `Bitte ${URL_SAFE} verwenden.`;
  if (pattern === '^[a-zA-Z]+$') return 'Bitte nur Buchstaben verwenden.';
  if (pattern === '^[\\w-]{11}$') return 'Eine YouTube-ID hat genau 11 Zeichen.';
  if (node.format === 'date') return 'Bitte ein Datum im Format JJJJ-MM-TT eingeben, z. B. 2025-03-12.';
  return 'Das Format stimmt nicht.';
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Fields whose value names another entry: the editor picks it from a list of those entries, so a name that
 * matches no file cannot be typed. A row's copy files are named by the slug of their "Branchentexte" entry.
 */
const references: Record<string, Record<string, unknown> & { widget: string }> = {
  'categories.translationKey': {
    widget: 'relation',
    collection: 'copy',
    value_field: '{{slug}}',
    search_fields: ['name'],
    display_fields: ['name'],
  },
};

/** One field from a JSON Schema node, as zod 4's `z.toJSONSchema` writes it. */
function fieldFromSchema(name: string, node: JsonSchema, path: string, required: boolean): CmsField {
  const base = { name, ...labelFields(describe(path, name)), ...(required ? {} : { required: false }) };
  const reference = references[path];
  if (reference) return { ...base, ...reference };
  if (node.enum) {
    const names = optionNames[path];
    const options = names ? node.enum.map((value) => ({ label: names[value] ?? value, value })) : node.enum;
    return { ...base, widget: 'select', options };
  }
  switch (node.type) {
    case 'object':
      return { ...base, widget: 'object', fields: fieldsFromSchema(node, path) };
    case 'array': {
      const items = node.items ?? {};
      const size = {
        ...(node.minItems !== undefined ? { min: node.minItems } : {}),
        ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
      };
      const list =
        items.type === 'object'
          ? { fields: fieldsFromSchema(items, path) }
          : { field: fieldFromSchema('item', items, `${path}.item`, true) };
      return { ...base, widget: 'list', ...size, ...list };
    }
    case 'integer':
    case 'number': {
      // A whole number above 0 starts at 1; a decimal above 0 is left to the build's check.
      const min =
        node.exclusiveMinimum !== undefined && node.type === 'integer'
          ? node.exclusiveMinimum + 1
          : (node.exclusiveMinimum ?? node.minimum);
      return {
        ...base,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(min !== undefined && min > -MAX_SAFE ? { min } : {}),
        ...(node.maximum !== undefined && node.maximum < MAX_SAFE ? { max: node.maximum } : {}),
        ...(node.type === 'number' ? { step: 0.1 } : {}),
      };
    }
    default: {
      const type = node.format === 'uri' ? { type: 'url' } : node.format === 'email' ? { type: 'email' } : {};
      // `\S` is the schemas' "not blank", which `required` already says; an address's own type has its message.
      const pattern =
        node.pattern && node.pattern !== '\\S' && !('type' in type)
          ? { pattern: [node.pattern, messageFor(node)] }
          : {};
      const long = (node.maxLength ?? 0) > LONG_TEXT || ['description', 'text', 'answer'].includes(name);
      return {
        ...base,
        widget: long ? 'text' : 'string',
        ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
        ...type,
        ...pattern,
      };
    }
  }
}

/** The `$schema` line of a content file: kept as it is, never shown. */
function schemaLine(file: string): CmsField {
  return { name: '$schema', widget: 'hidden', default: file, i18n: 'duplicate' };
}

function fieldsFromSchema(node: JsonSchema, prefix = ''): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, child]) =>
      fieldFromSchema(name, child, prefix ? `${prefix}.${name}` : name, required.has(name)),
    );
}

function fieldsFromZod(schema: z.ZodType, schemaFile: string): CmsField[] {
  return [schemaLine(schemaFile), ...fieldsFromSchema(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema)];
}

/**
 * Fields for the interface texts, from the shape of the German file: every text a text field, with the limits
 * the build's schema sets at that place (`node`: a page's title and description, its number of keywords).
 */
function fieldsFromValue(value: unknown, name: string, path: string, node: JsonSchema = {}): CmsField {
  const label = describe(path, name);
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    const items = node.items ?? {};
    // The build compares the two languages' lists of objects item by item; a list of plain texts may differ.
    const objects = first !== null && typeof first === 'object';
    const hint = objects ? [label.hint, SAME_COUNT].filter(Boolean).join(' ') : label.hint;
    const base = {
      name,
      ...labelFields({ ...label, hint }),
      widget: 'list',
      ...(node.minItems !== undefined ? { min: node.minItems } : {}),
      ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
    };
    return objects
      ? { ...base, fields: objectFields(first, path, items) }
      : { ...base, field: fieldsFromValue(first, 'item', `${path}.item`, items) };
  }
  const base = { name, ...labelFields(label) };
  if (value !== null && typeof value === 'object')
    return { ...base, widget: 'object', fields: objectFields(value, path, node) };
  const long = typeof value === 'string' && value.length > LONG_TEXT;
  return {
    ...base,
    widget: long ? 'text' : 'string',
    ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
  };
}

function objectFields(value: object, path: string, node: JsonSchema): CmsField[] {
  return Object.entries(value).map(([key, item]) =>
    fieldsFromValue(item, key, `${path}.${key}`, node.properties?.[key]),
  );
}

function uiFields(): CmsField[] {
  const schema = z.toJSONSchema(dictionarySchema, { io: 'input' }) as JsonSchema;
  const texts = Object.fromEntries(Object.entries(germanUi).filter(([key]) => key !== '$schema'));
  return [schemaLine('../schemas/ui.schema.json'), ...translated(objectFields(texts, 'ui', schema))];
}

/**
 * Every field of a collection whose files exist once per language is translated, down to the fields of
 * list items and objects: the CMS lets editors add list items in English only when those are translated.
 */
function translated(fields: CmsField[]): CmsField[] {
  return fields.map((field) => {
    if (field.i18n) return field;
    const nested = {
      ...(Array.isArray(field.fields) ? { fields: translated(field.fields as CmsField[]) } : {}),
      ...(field.field ? { field: translated([field.field as CmsField])[0] } : {}),
    };
    return { ...field, ...nested, i18n: true };
  });
}

export interface CmsBackend {
  name: 'github' | 'test-repo';
  repo?: string;
  branch?: string;
}

/** Where the CMS saves: the repository on GitHub named by `CMS_GITHUB_REPO` (owner/name), as pull requests. */
export function githubBackend(repo = process.env.CMS_GITHUB_REPO || 'OWNER/REPOSITORY'): CmsBackend {
  return { name: 'github', repo, branch: process.env.CMS_GITHUB_BRANCH || 'main' };
}

export function cmsConfig(backend: CmsBackend = githubBackend()) {
  return {
    app_title: 'Leadwerk – Redaktion',
    logo: { src: '/icon.svg' },
    backend,
    // Every change becomes a pull request that CI checks before anyone merges it.
    publish_mode: backend.name === 'github' ? 'editorial_workflow' : 'simple',
    media_folder: 'public/uploads',
    i18n: { structure: 'multiple_folders', locales: [...locales], default_locale: defaultLocale },
    // The files keep their format: two spaces, keys in schema order, a final newline.
    output: { json: { indent_style: 'space', indent_size: 2 } },
    collections: [
      {
        name: 'categories',
        label: 'Kategorien und Preise',
        description: 'Preise, Slugs, Symbole, Farben und Reihenfolge aller Branchen.',
        format: 'json',
        files: [
          {
            name: 'table',
            label: 'Kategorientabelle',
            file: 'content/categories.json',
            fields: fieldsFromZod(categoryTableSchema, './schemas/categories.schema.json'),
          },
        ],
      },
      {
        name: 'copy',
        label: 'Branchentexte',
        label_singular: 'Branchentext',
        description:
          'Die Texte jeder Branche, Deutsch und Englisch nebeneinander. Eine neue Branche braucht außerdem eine Zeile in der Kategorientabelle.',
        folder: 'content',
        path: 'categories/{{slug}}',
        // The editor names the copy files of a new industry: its "Textdatei" in the category table.
        slug: { editable: true },
        identifier_field: 'name',
        summary: '{{name}}',
        format: 'json',
        create: true,
        delete: false,
        i18n: true,
        fields: translated(fieldsFromZod(categoryContentSchema, '../../schemas/category.schema.json')),
      },
      {
        name: 'texts',
        label: 'Oberflächentexte',
        format: 'json',
        i18n: true,
        files: [
          {
            name: 'ui',
            label: 'Oberflächentexte',
            file: 'content/{{locale}}/ui.json',
            i18n: true,
            fields: uiFields(),
          },
        ],
      },
      {
        name: 'site',
        label: 'Website und Fakten',
        format: 'json',
        files: [
          {
            name: 'site',
            label: 'Links und Geschäftsfakten',
            file: 'content/site.json',
            fields: fieldsFromZod(siteSchema, './schemas/site.schema.json'),
          },
        ],
      },
    ],
  };
}

/** The text of public/admin/config.json. */
export function cmsConfigFile(backend?: CmsBackend): string {
  return `${JSON.stringify(cmsConfig(backend), null, 2)}\n`;
}
