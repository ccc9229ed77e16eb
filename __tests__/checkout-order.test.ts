import { addItem, groupItems, orderLines, type CartItem } from '@/lib/cart/rules';
import { priceList } from '@/lib/categories';
import type { Buyer } from '@/lib/checkout/buyer';
import {
  buyerLines,
  formatDay,
  orderCopyText,
  MAX_MAILTO_LENGTH,
  orderMailLink,
  orderText,
  summarizeOrder,
  type QuoteRef,
} from '@/lib/checkout/order';
import { vatTotals } from '@/lib/checkout/vat';
import { orderWords } from '@/lib/checkout/words';
import { getCategories, getCategoryNames, getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import { intlLocales } from '@/lib/i18n';
import { plain, priceOf } from '@/testing/helpers';
import { euros, specExclusiveSuffix, type Lang } from '@/testing/spec';

const prices = priceList(getCategories());
/** German VAT in percent, as content/site.json has it. */
const vatRate = getSite().facts.vatRate;
const salesEmail = getSite().email;

type Order = Parameters<typeof orderLines>[0];

/** A cart as the store builds it: one line per ordered lead, orders a millisecond apart. */
function cart(...orders: Order[]): CartItem[] {
  return orders
    .flatMap((order, index) => orderLines(order, 1_700_000_000_000 + index, prices))
    .reduce<CartItem[]>((items, line) => addItem(items, line), []);
}

/** A buyer in Germany with every field filled but the phone and the VAT ID. */
const buyer: Buyer = {
  company: '  Müller & Söhne Solar GmbH ',
  name: 'Erika Beispiel',
  email: 'einkauf@mueller-solar.example',
  phone: '',
  street: 'Beispielweg 7',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  vatId: '',
  poNumber: 'PO-4711',
  invoiceEmail: 'rechnung@mueller-solar.example',
};
const austrian: Buyer = {
  ...buyer,
  postcode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'atu 135 856 27',
};

const quote: QuoteRef = { number: 'AN-20261125-7K3Q9M', date: '2026-11-25' };

/** Money and text compared with every run of spaces (no-break ones too) as one space. */
const money = (cents: number, lang: Lang) => plain(euros(cents / 100, lang));
const rateText = (rate: number, lang: Lang) => new Intl.NumberFormat(intlLocales[lang]).format(rate);
const countryName = (code: string, lang: Lang) =>
  new Intl.DisplayNames([intlLocales[lang]], { type: 'region' }).of(code)!;
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe.each(['de', 'en'] as const)('the order (%s)', (lang) => {
  const words = orderWords(lang);
  const dict = getDictionary(lang);
  const strings = dict.checkout;
  const names = getCategoryNames(lang);
  const stairlift = priceOf('treppenlifte') * 100;
  const law = priceOf('kanzlei') * 100;
  const postcodes = fill(dict.area.postcodes, { list: '80–85, 90' });
  const states = `${dict.area.states.BY}, ${dict.area.states.HE}`;

  const items = cart(
    { categoryId: 'treppenlifte', exclusive: false, quantity: 2, area: 'postcodes:80-85,90' },
    { categoryId: 'kanzlei', exclusive: true, quantity: 1, area: 'germany' },
    { categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'postcodes:80-85,90' },
    { categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'states:BY,HE' },
  );
  const net = 4 * stairlift + 5 * law;

  const textFor = (who: Buyer, list: CartItem[] = items) => {
    const summary = summarizeOrder(list, who, vatRate, words);
    const text = orderText(summary, quote, words);
    return { summary, text, body: plain(text.body) };
  };
  const rowLine = (quantity: number, name: string, area: string, price: number) =>
    plain(
      fill(strings.mail.line, {
        quantity,
        name,
        area,
        price: money(price, lang),
        lineTotal: money(quantity * price, lang),
      }),
    );

  it('sums the cart up in rows of category, area and kind, with net prices from the category table', () => {
    const { summary } = textFor(buyer);
    expect(summary.rows.map((row) => [row.key, row.quantity, row.price, row.total])).toEqual(
      groupItems(items).map((group) => [
        group.key,
        group.quantity,
        group.price,
        group.price * group.quantity,
      ]),
    );
    expect(summary.rows.map((row) => [row.quantity, row.total])).toEqual([
      [3, 3 * stairlift],
      [1, 5 * law],
      [1, stairlift],
    ]);
    expect(summary.totals.net).toBe(net);
  });

  it('carries each row once, with its quantity, area, net price and row total', () => {
    const { body } = textFor(buyer);
    const rows = [
      rowLine(3, names.treppenlifte!, postcodes, stairlift),
      rowLine(1, names.kanzlei! + specExclusiveSuffix[lang], dict.area.germany, 5 * law),
      rowLine(1, names.treppenlifte!, states, stairlift),
    ];
    for (const row of rows) expect(occurrences(body, row)).toBe(1);
    // The orders the first row was made of do not show on their own.
    expect(body).not.toContain(rowLine(2, names.treppenlifte!, postcodes, stairlift));
    expect(body).not.toContain(rowLine(1, names.treppenlifte!, postcodes, stairlift));
  });

  it('states net, VAT and gross for a buyer in Germany, without a VAT note', () => {
    const { summary, body } = textFor(buyer);
    const totals = vatTotals(net, 'domestic', vatRate);
    expect(summary.totals).toEqual(totals);
    expect(summary.vatLabel).toBe(fill(strings.totals.vat, { rate: rateText(vatRate, lang) }));
    expect(body).toContain(`${strings.totals.net}: ${money(net, lang)}`);
    expect(body).toContain(`${plain(summary.vatLabel)}: ${money(totals.vat, lang)}`);
    expect(body).toContain(`${strings.totals.gross}: ${money(totals.gross, lang)}`);
    expect(summary.vatNote).toBe('');
    for (const note of Object.values(strings.vatNotes)) {
      expect(body).not.toContain(plain(fill(note, { rate: rateText(vatRate, lang) })));
    }
  });

  it.each([
    ['another EU country with a VAT ID', austrian, 'reverseCharge', 0],
    ['another EU country without a VAT ID', { ...austrian, vatId: '' }, 'euWithoutVatId', vatRate],
    ['Switzerland', { ...austrian, country: 'CH', postcode: '8001', vatId: '' }, 'nonEu', 0],
  ] as const)('carries the VAT of a buyer in %s, and its note', (_label, who, which, rate) => {
    const { summary, body } = textFor(who);
    expect(summary.totals).toEqual(vatTotals(net, which, vatRate));
    expect(summary.totals.rate).toBe(rate);
    const note = fill(strings.vatNotes[which], { rate: rateText(vatRate, lang) });
    expect(summary.vatNote).toBe(note);
    // The order is the buyer's text: where the shop's note says "we charge" and "your country", the order says it
    // in words of its own.
    const orderNote =
      which === 'euWithoutVatId'
        ? fill(strings.mail.euWithoutVatId, { rate: rateText(vatRate, lang) })
        : note;
    expect(occurrences(body, plain(orderNote))).toBe(1);
    if (orderNote !== note) expect(body).not.toContain(plain(note));
    expect(body).toContain(
      `${plain(fill(strings.totals.vat, { rate: rateText(rate, lang) }))}: ${money(summary.totals.vat, lang)}`,
    );
    expect(body).toContain(`${strings.totals.gross}: ${money(summary.totals.gross, lang)}`);
  });

  it('carries the billing details, trimmed and labelled, leaving out the empty optional ones', () => {
    const { summary, body } = textFor(austrian);
    expect(summary.buyer.company).toBe(buyer.company.trim());
    expect(summary.buyer.vatId).toBe('ATU13585627');
    const { fields } = strings;
    expect(buyerLines(summary.buyer, words)).toEqual([
      buyer.company.trim(),
      austrian.name,
      austrian.street,
      `${austrian.postcode} ${austrian.city}`,
      countryName('AT', lang),
      `${fields.email}: ${austrian.email}`,
      `${fields.vatId}: ATU13585627`,
      `${fields.poNumber}: ${austrian.poNumber}`,
      `${fields.invoiceEmail}: ${austrian.invoiceEmail}`,
    ]);
    // The e-mail order is the buyer's own text: its PO number is theirs, not "yours".
    expect(body).toContain(
      plain(buyerLines(summary.buyer, words, { poNumber: strings.mail.poNumber }).join('\n')),
    );
    expect(body).toContain(`${strings.mail.poNumber}: ${austrian.poNumber}`);
    expect(body).not.toContain(`${fields.poNumber}:`);
    expect(body).toContain(strings.mail.billing);
    expect(body).not.toContain(`${fields.phone}:`);
  });

  it('closes with the declaration the buyer ticked, word for word, before the binding order and the name', () => {
    const { text } = textFor(buyer);
    const closing = `\n\n${strings.send.business}\n${strings.mail.outro}\n${buyer.name}`;
    expect(text.body.slice(-closing.length)).toBe(closing);
    expect(occurrences(text.body, strings.send.business)).toBe(1);
  });

  it('writes town and postcode as the buyer’s country does', () => {
    /** The lines between the street and the country. */
    const place = (details: Partial<Buyer>) => {
      const lines = buyerLines({ ...buyer, ...details }, words);
      return lines.slice(
        lines.indexOf(buyer.street) + 1,
        lines.indexOf(words.countryNames[details.country!]!),
      );
    };
    expect(place({ country: 'AT', postcode: '1010', city: 'Wien' })).toEqual(['1010 Wien']);
    expect(place({ country: 'GB', postcode: 'SW1A 2AA', city: 'London' })).toEqual(['London', 'SW1A 2AA']);
    expect(place({ country: 'IE', postcode: 'D02 X285', city: 'Dublin 2' })).toEqual([
      'Dublin 2',
      'D02 X285',
    ]);
    expect(place({ country: 'LV', postcode: 'LV-1050', city: 'Rīga' })).toEqual(['Rīga, LV-1050']);
    expect(place({ country: 'MT', postcode: 'VLT 1117', city: 'Valletta' })).toEqual(['Valletta VLT 1117']);
  });

  it('keeps what the buyer typed as plain text', () => {
    const { body } = textFor({ ...buyer, company: '<script>alert(1)</script> & Co. KG' });
    expect(body).toContain('<script>alert(1)</script> & Co. KG');
  });

  it('names the quote with its number and date, and the number and the leads in the subject', () => {
    const { text, body } = textFor(buyer);
    expect(body).toContain(
      plain(fill(strings.mail.quote, { number: quote.number, issued: formatDay(quote.date, lang) })),
    );
    expect(text.subject).toBe(fill(strings.mail.subject.other, { leads: 5, number: quote.number }));
    // One lead is "1 lead", not "1 leads".
    const one = textFor(
      buyer,
      cart({ categoryId: 'coaching', exclusive: false, quantity: 1, area: 'germany' }),
    );
    expect(one.text.subject).toBe(fill(strings.mail.subject.one, { leads: 1, number: quote.number }));
    expect(strings.mail.subject.one).not.toBe(strings.mail.subject.other);
  });

  it('says how shared and exclusive leads are sold, only for the kinds in the cart', () => {
    const { body } = textFor(buyer);
    expect(body).toContain(plain(strings.mail.shared));
    expect(body).toContain(plain(strings.mail.exclusive));
    const sharedOnly = textFor(
      buyer,
      cart({ categoryId: 'coaching', exclusive: false, quantity: 1, area: 'germany' }),
    ).body;
    expect(sharedOnly).toContain(plain(strings.mail.shared));
    expect(sharedOnly).not.toContain(plain(strings.mail.exclusive));
    const exclusiveOnly = textFor(
      buyer,
      cart({ categoryId: 'coaching', exclusive: true, quantity: 1, area: 'germany' }),
    ).body;
    expect(exclusiveOnly).not.toContain(plain(strings.mail.shared));
    expect(exclusiveOnly).toContain(plain(strings.mail.exclusive));
  });

  const oneRow = cart({ categoryId: 'kanzlei', exclusive: true, quantity: 1, area: 'germany' });

  it('opens a mail to the sales address with every character encoded and CRLF line breaks', () => {
    const { text } = textFor(austrian, oneRow);
    const { href, complete } = orderMailLink(salesEmail, text, words);
    expect(complete).toBe(true);
    expect(href.startsWith(`mailto:${salesEmail}?subject=`)).toBe(true);
    const query = href.slice(href.indexOf('?') + 1);
    expect(query).toMatch(/^subject=[\w%.~!*'()-]*&body=[\w%.~!*'()-]*$/);
    expect(query).toContain('%0D%0A');
    expect(query).not.toMatch(/(?<!%0D)%0A/);
    const url = new URL(href);
    expect(url.pathname).toBe(salesEmail);
    expect(url.searchParams.get('subject')).toBe(text.subject);
    expect(url.searchParams.get('body')).toBe(text.body.replaceAll('\n', '\r\n'));
  });

  it('puts the whole order into the mail only while the link is short enough for every mail program to take whole', () => {
    // One row and every detail: the whole order, down to the declaration and the buyer's name at its end.
    const short = textFor(austrian, oneRow).text;
    const whole = orderMailLink(salesEmail, short, words);
    expect(whole.href.length).toBeLessThanOrEqual(MAX_MAILTO_LENGTH);
    const wholeBody = new URL(whole.href).searchParams.get('body')!;
    expect(wholeBody).toBe(short.body.replaceAll('\n', '\r\n'));
    expect(plain(wholeBody)).toContain(plain(strings.send.business));

    // Seven rows: a link that long loses its end in Outlook. The mail then carries the quote's number in its
    // subject and asks for the copied order in its body; nothing of the order is cut.
    const seven = cart(
      ...getCategories()
        .slice(0, 7)
        .map(({ id }) => ({ categoryId: id, exclusive: false, quantity: 1, area: 'postcodes:80-85,90' })),
    );
    const long = textFor(austrian, seven).text;
    const link = orderMailLink(salesEmail, long, words);
    expect(link.complete).toBe(false);
    expect(link.href.length).toBeLessThanOrEqual(MAX_MAILTO_LENGTH);
    const url = new URL(link.href);
    expect(url.pathname).toBe(salesEmail);
    expect(url.searchParams.get('subject')).toBe(long.subject);
    expect(url.searchParams.get('subject')).toContain(quote.number);
    expect(url.searchParams.get('body')).toBe(strings.mail.pasteHere);
  });

  it('gives the same text to copy, headed by the address and the subject', () => {
    const { text } = textFor(buyer);
    const head = fill(strings.mail.copyHeader, { email: salesEmail, subject: text.subject });
    expect(orderCopyText(salesEmail, text, words)).toBe(`${head}\n\n${text.body}`);
    expect(head).toContain(salesEmail);
    expect(head).toContain(text.subject);
  });
});

describe('formatDay', () => {
  it('writes a day of the form YYYY-MM-DD in each language’s medium date style', () => {
    expect(formatDay('2026-11-25', 'de')).toBe('25.11.2026');
    expect(formatDay('2026-11-25', 'en')).toBe('Nov 25, 2026');
    expect(formatDay('2027-01-01', 'de')).toBe('01.01.2027');
    expect(formatDay('2027-01-01', 'en')).toBe('Jan 1, 2027');
  });
});
