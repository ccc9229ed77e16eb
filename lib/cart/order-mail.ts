import type { Dictionary } from '../content-schema';
import { fill } from '../format';
import type { Locale } from '../i18n';
import { formatMoney } from '../money';
import { cartCount, cartTotal, type CartItem } from './rules';

export interface OrderMailInput {
  items: readonly CartItem[];
  /** Translated category names by id. */
  names: Record<string, string>;
  exclusiveSuffix: string;
  strings: Pick<
    Dictionary['cart'],
    'mailSubject' | 'mailIntro' | 'mailLine' | 'mailShared' | 'mailExclusive' | 'mailTotal' | 'mailOutro'
  >;
  locale: Locale;
  /** The shop's sales address. */
  email: string;
}

interface OrderLine {
  name: string;
  exclusive: boolean;
  quantity: number;
  /** Net price per lead, in cents. */
  price: number;
}

/** Cart lines of the same category and kind as one line of the order, in the cart's order. */
function orderLinesOf({ items, names, exclusiveSuffix }: OrderMailInput): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const item of items) {
    const key = `${item.category}:${item.exclusive}`;
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else {
      const category = names[item.category] ?? item.category;
      const name = item.exclusive ? `${category} ${exclusiveSuffix}` : category;
      lines.set(key, { name, exclusive: item.exclusive, quantity: item.quantity, price: item.price });
    }
  }
  return [...lines.values()];
}

/**
 * The cart as an e-mail to the sales team: a `mailto:` link whose subject
 * and body list each line (category, quantity, exclusive or not, net price)
 * and the net total. No contact data goes in: the visitor's own e-mail
 * program sends it, from their address, with whatever they add.
 */
export function orderMailHref(input: OrderMailInput): string {
  const { items, strings, locale, email } = input;
  const money = (cents: number) => formatMoney(cents, locale);
  const lines = orderLinesOf(input);
  const body = [
    strings.mailIntro,
    '',
    ...lines.map((line) =>
      fill(strings.mailLine, {
        quantity: line.quantity,
        name: line.name,
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
  const subject = fill(strings.mailSubject, { leads: cartCount(items) });
  // RFC 6068: percent-encoded, line breaks as CRLF.
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}
