import type { Dictionary } from '../content-schema';
import { fill, plural } from '../format';
import { intlLocales, type Locale } from '../i18n';
import { formatMoney } from '../money';
import { describeAreaCode, type AreaWords } from '../order/area';
import { groupItems, lineName, type CartItem } from '../cart/rules';
import { BUYER_FIELDS, buyerVatCase, cleanBuyer, type Buyer, type BuyerField } from './buyer';
import { vatTotals, type VatCase, type VatTotals } from './vat';

/**
 * An order as the checkout shows it, the quote prints it, the e-mail and the copied text carry it and the
 * order service mails it: the cart's rows in words, the totals with VAT by the buyer's country, and the
 * billing details. Everything is computed here, once, from the cart lines (whose prices come from the
 * category table) and the details.
 */

/** What the words of an order come from: one language's dictionary and category names. */
export interface OrderWords {
  locale: Locale;
  /** Translated category names by id. */
  names: Record<string, string>;
  exclusiveSuffix: string;
  areaWords: AreaWords;
  strings: Dictionary['checkout'];
  /** Country names by ISO code, in this language. */
  countryNames: Record<string, string>;
}

export interface OrderRow {
  key: string;
  name: string;
  area: string;
  exclusive: boolean;
  quantity: number;
  /** Net price per lead, in cents. */
  price: number;
  /** Net price × quantity, in cents. */
  total: number;
}

export interface OrderSummary {
  rows: OrderRow[];
  totals: VatTotals;
  /** The VAT line's label, e.g. "zzgl. 19 % MwSt.". */
  vatLabel: string;
  /** The note that explains the VAT case, or '' where none is needed. */
  vatNote: string;
  /**
   * The same note as the buyer's order says it: the shop's words for a buyer in the EU without a VAT ID ("we
   * charge … from your country") would speak as the buyer there.
   */
  orderNote: string;
  /** The details, trimmed, with the VAT ID in its written form. */
  buyer: Buyer;
}

/** The quote's number and issue date (YYYY-MM-DD). */
export interface QuoteRef {
  number: string;
  date: string;
}

export function summarizeOrder(
  items: readonly CartItem[],
  buyer: Buyer,
  vatRate: number,
  words: OrderWords,
): OrderSummary {
  const rows = groupItems(items).map((group): OrderRow => ({
    key: group.key,
    name: lineName(words.names[group.category] ?? group.category, group.exclusive, words.exclusiveSuffix),
    area: describeAreaCode(group.area, words.areaWords),
    exclusive: group.exclusive,
    quantity: group.quantity,
    price: group.price,
    total: group.price * group.quantity,
  }));
  const net = rows.reduce((sum, row) => sum + row.total, 0);
  const which: VatCase = buyerVatCase(buyer);
  const totals = vatTotals(net, which, vatRate);
  const rate = formatRate(totals.rate, words.locale);
  const vatNote =
    which === 'domestic'
      ? ''
      : fill(words.strings.vatNotes[which], { rate: formatRate(vatRate, words.locale) });
  return {
    rows,
    totals,
    vatLabel: fill(words.strings.totals.vat, { rate }),
    vatNote,
    orderNote:
      which === 'euWithoutVatId'
        ? fill(words.strings.mail.euWithoutVatId, { rate: formatRate(vatRate, words.locale) })
        : vatNote,
    buyer: cleanBuyer(buyer),
  };
}

function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: 2 }).format(rate);
}

/** A date of the form YYYY-MM-DD in words, e.g. 25.11.2026 or Nov 25, 2026. */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The town and postcode as the buyer's country writes them (the UPU's address formats), so that sales can copy the
 * address onto the invoice as it is: the postcode before the town in most of Europe, after it in Latvia and Malta,
 * and on a line of its own below the town in the United Kingdom and Ireland.
 */
function placeLines({ country, postcode, city }: Buyer): string[] {
  if (country === 'GB' || country === 'IE') return [city, postcode];
  if (country === 'LV') return [`${city}, ${postcode}`];
  if (country === 'MT') return [`${city} ${postcode}`];
  return [`${postcode} ${city}`];
}

/**
 * The billing details as lines of text, labelled, the empty optional ones left out. The form's labels speak to the
 * buyer („Ihre Bestellnummer“); `labels` gives others for a text in another voice, such as the buyer's own order.
 */
export function buyerLines(
  buyer: Buyer,
  words: OrderWords,
  labels: Partial<Record<BuyerField, string>> = {},
): string[] {
  const fields = { ...words.strings.fields, ...labels };
  const country = words.countryNames[buyer.country] ?? buyer.country;
  const address = [buyer.company, buyer.name, buyer.street, ...placeLines(buyer), country];
  const labelled = BUYER_FIELDS.filter(
    (field) => !['company', 'name', 'street', 'postcode', 'city', 'country'].includes(field) && buyer[field],
  ).map((field) => `${fields[field]}: ${buyer[field]}`);
  return [...address, ...labelled];
}

/**
 * The order as the text of an e-mail to the sales team: the quote's number, each row, the totals and VAT
 * with its note, the billing details, the buyer's declaration to order as a business (the checkout's tick, in
 * its own words) and the binding order on invoice.
 */
export function orderText(
  summary: OrderSummary,
  quote: QuoteRef,
  words: OrderWords,
): { subject: string; body: string } {
  const { strings, locale } = words;
  const mail = strings.mail;
  const money = (cents: number) => formatMoney(cents, locale);
  const { rows, totals } = summary;
  const leads = rows.reduce((sum, row) => sum + row.quantity, 0);
  const body = [
    mail.intro,
    fill(mail.quote, { number: quote.number, issued: formatDay(quote.date, locale) }),
    '',
    ...rows.map((row) =>
      fill(mail.line, {
        quantity: row.quantity,
        name: row.name,
        area: row.area,
        price: money(row.price),
        lineTotal: money(row.total),
      }),
    ),
    '',
    ...(rows.some((row) => !row.exclusive) ? [mail.shared] : []),
    ...(rows.some((row) => row.exclusive) ? [mail.exclusive] : []),
    // The totals as a block of their own, not run on from the notes above them.
    '',
    `${strings.totals.net}: ${money(totals.net)}`,
    `${summary.vatLabel}: ${money(totals.vat)}`,
    `${strings.totals.gross}: ${money(totals.gross)}`,
    ...(summary.orderNote ? [summary.orderNote] : []),
    '',
    `${mail.billing}`,
    // The order is the buyer's text: their own PO number is "ours", not "yours".
    ...buyerLines(summary.buyer, words, { poNumber: mail.poNumber }),
    '',
    // What the buyer ticked before ordering, word for word: every order by mail or by the service declares it.
    strings.send.business,
    mail.outro,
    summary.buyer.name,
  ].join('\n');
  return { subject: fill(plural(mail.subject, leads, words.locale), { leads, number: quote.number }), body };
}

/**
 * The longest `mailto:` link the checkout hands to a mail program. Windows passes links to the mail program
 * through a limit of about 2,000 characters (Outlook's own is 2,083), and what is past it is cut or the mail does
 * not open: the billing address and the declaration, which come last, would be lost. An order with one row and
 * every detail takes about 1,400 characters, and each further row about 150.
 */
export const MAX_MAILTO_LENGTH = 2000;

/** A `mailto:` link (RFC 6068: line breaks as CRLF). */
function mailtoHref(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}

/**
 * The order as a `mailto:` link that the buyer's e-mail program opens: with the whole order while the link is
 * short enough to arrive whole (`complete`); else with the subject, which names the quote, and a line that asks
 * for the copied order in its place, as a cut link would lose the end of the order without a word.
 */
export function orderMailLink(
  to: string,
  text: { subject: string; body: string },
  words: OrderWords,
): { href: string; complete: boolean } {
  const href = mailtoHref(to, text.subject, text.body);
  if (href.length <= MAX_MAILTO_LENGTH) return { href, complete: true };
  return { href: mailtoHref(to, text.subject, words.strings.mail.pasteHere), complete: false };
}

/** The order as text to paste into any mail: the address and subject first, then the body. */
export function orderCopyText(
  to: string,
  text: { subject: string; body: string },
  words: OrderWords,
): string {
  return `${fill(words.strings.mail.copyHeader, { email: to, subject: text.subject })}\n\n${text.body}`;
}
