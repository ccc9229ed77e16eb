import type { CategoryGradient, CategoryIcon } from './categories';

/**
 * The German names the editors' CMS (lib/cms-config.ts) shows: labels and hints of the fields by path, names
 * of the interface texts' common keys, and the names of the icons and colours to pick from. Data only; how a
 * field finds its label is cms-config's `describe`.
 */

export interface Label {
  label: string;
  hint?: string;
  /** A list's name for one item, in its "add" button: „Vorteil hinzufügen“, not „Vorteile hinzufügen“. */
  singular?: string;
}

const SLUG_HINT =
  'Teil der Seitenadresse. Achtung: Wer den Slug einer veröffentlichten Seite ändert, macht alle Links von außen auf die alte Adresse (Suchmaschinen, Anzeigen, Lesezeichen) ungültig.';
export const URL_SAFE = 'nur Kleinbuchstaben a–z, Ziffern und einzelne Bindestriche';
const URL_SAFE_SENTENCE =
  'Nur Kleinbuchstaben a–z, Ziffern und einzelne Bindestriche; Umlaute ausschreiben (ae, oe, ue, ss).';
/** Lists whose items the pages show side by side in both languages: the build compares them item by item. */
export const SAME_COUNT = 'In Deutsch und Englisch gleich viele Einträge.';
const placeholder = (name: string) => `Die Texte nennen den Wert als Platzhalter {${name}}.`;
const KNOWN_IDS =
  'Nur Kennungen, die es schon gibt; eine neue legt die Entwicklung an, denn sie braucht in beiden Sprachen eine Beschriftung.';

/** German labels and hints by field path (list items have no index in the path). */
export const labels: Record<string, Label> = {
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
    hint: `Gleich dem Slug des Eintrags unter „Branchentexte“, meist wie die ID (${URL_SAFE}).`,
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
export const uiNames: Record<string, string> = {
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

/**
 * The icons' and colours' names as the editor picks them: what each draws, in German, beside the id the
 * table keeps (the compiler reports an icon or colour without a name).
 */
export const iconNames: Record<CategoryIcon, string> = {
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
export const gradientNames: Record<CategoryGradient, string> = {
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
