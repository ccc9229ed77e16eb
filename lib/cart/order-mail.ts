import type { Dictionary } from '../content-schema';
import { fill } from '../format';
import type { Locale } from '../i18n';
import { formatMoney } from '../money';
import { describeAreaCode, type AreaWords } from '../order/area';
import { cartCount, cartTotal, lineName, type CartItem } from './rules';

export interface OrderMailInput {
  items: readonly CartItem[];
  /** Translated category names by id. */
  names: Record<string, string>;
  exclusiveSuffix: string;
  strings: Pick<
    Dictionary['cart'],
    | 'mailSubject'
    | 'mailIntro'
    | 'mailLine'
    | 'mailShared'
    | 'mailExclusive'
    | 'mailTotal'
    | 'mailOutro'
    | 'copyHeader'
  >;
  /** The delivery areas in words. */
  areaWords: AreaWords;
  locale: Locale;
  /** The shop's sales address. */
  email: string;
}

interface OrderLine {
  name: string;
  area: string;
  exclusive: boolean;
  quantity: number;
  /** Net price per lead, in cents. */
  price: number;
}

/** Cart lines of the same category, kind and area as one line of the order, in the cart's order. */
function orderLinesOf({ items, names, exclusiveSuffix, areaWords }: OrderMailInput): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const item of items) {
    const key = `${item.category}|${item.exclusive}|${item.area}`;
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else {
      const name = lineName(names[item.category] ?? item.category, item.exclusive, exclusiveSuffix);
      const area = describeAreaCode(item.area, areaWords);
      lines.set(key, { name, area, exclusive: item.exclusive, quantity: item.quantity, price: item.price });
    }
  }
  return [...lines.values()];
}

/**
 * The cart as an order to the sales team: a subject, and a body that lists
 * each line (category, area, quantity, exclusive or not, net price) and the
 * net total. No contact data goes in: the visitor sends it from their own
 * address, with whatever they add.
 */
export function orderText(input: OrderMailInput): { subject: string; body: string } {
  const { items, strings, locale } = input;
  const money = (cents: number) => formatMoney(cents, locale);
  const lines = orderLinesOf(input);
  const body = [
    strings.mailIntro,
    '',
    ...lines.map((line) =>
      fill(strings.mailLine, {
        quantity: line.quantity,
        name: line.name,
        area: line.area,
        price: money(line.price),
        lineTotal: money(line.price * line.quantity),
      }),
    ),
    '',
    ...(lines.some((line) => !line.exclusive) ? [strings.mailShared] : []),
    ...(lines.some((line) => line.exclusive) ? [strings.mailExclusive] : []),
    fill(strings.mailTotal, { total: money(cartTotal(items)) }),
    '',
    strings.mailOutro,
  ].join('\n');
  return { subject: fill(strings.mailSubject, { leads: cartCount(items) }), body };
}

/** The order as a `mailto:` link that the visitor's e-mail program opens. */
export function orderMailHref(input: OrderMailInput): string {
  const { subject, body } = orderText(input);
  // RFC 6068: percent-encoded, line breaks as CRLF.
  return `mailto:${input.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}

/** The order as text to copy into any mail, webmail included: address and subject first, then the body. */
export function orderCopyText(input: OrderMailInput): string {
  const { subject, body } = orderText(input);
  return `${fill(input.strings.copyHeader, { email: input.email, subject })}\n\n${body}`;
}
