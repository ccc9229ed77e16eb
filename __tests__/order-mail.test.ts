import { orderCopyText, orderMailHref } from '@/lib/cart/order-mail';
import { orderLines, addItem, type CartItem } from '@/lib/cart/rules';
import { priceList } from '@/lib/categories';
import { getCategories, getCategoryNames, getDictionary, getSite } from '@/lib/content';
import { plain, priceOf } from '@/testing/helpers';
import { euros, specExclusiveSuffix, type Lang } from '@/testing/spec';

const prices = priceList(getCategories());

function cart(
  ...orders: { categoryId: string; exclusive: boolean; quantity: number; area: string }[]
): CartItem[] {
  return orders
    .flatMap((order, index) => orderLines(order, 1_700_000_000_000 + index, prices))
    .reduce<CartItem[]>((items, line) => addItem(items, line), []);
}

function inputOf(items: CartItem[], lang: Lang) {
  const dict = getDictionary(lang);
  return {
    items,
    names: getCategoryNames(lang),
    exclusiveSuffix: dict.orderForm.exclusiveSuffix,
    strings: dict.cart,
    locale: lang,
    email: getSite().email,
    areaWords: dict.area,
  };
}

function mailOf(items: CartItem[], lang: Lang) {
  const href = orderMailHref(inputOf(items, lang));
  const url = new URL(href);
  return {
    href,
    to: url.pathname,
    subject: url.searchParams.get('subject') ?? '',
    body: (url.searchParams.get('body') ?? '').replace(/\s+/g, ' '),
  };
}

describe.each(['de', 'en'] as const)('the order e-mail (%s)', (lang) => {
  const items = cart(
    { categoryId: 'treppenlifte', exclusive: false, quantity: 2, area: 'germany' },
    { categoryId: 'kanzlei', exclusive: true, quantity: 1, area: 'germany' },
    { categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'germany' },
  );
  const names = getCategoryNames(lang);
  const stairlift = priceOf('treppenlifte');
  const law = priceOf('kanzlei');

  it('goes to the sales address, with the number of leads in the subject', () => {
    const mail = mailOf(items, lang);
    expect(mail.href.startsWith(`mailto:${getSite().email}?`)).toBe(true);
    expect(mail.to).toBe(getSite().email);
    expect(mail.subject).toMatch(/\b4\b/);
  });

  it('lists each category and kind once, with quantity, net unit price and line total', () => {
    const { body } = mailOf(items, lang);
    const stairlifts = new RegExp(
      `3 × ${names.treppenlifte} [^0-9€]*${escape(plain(euros(stairlift, lang)))}`,
    );
    expect(body).toMatch(stairlifts);
    expect(body).toContain(plain(euros(3 * stairlift, lang)));
    expect(body).toContain(`1 × ${names.kanzlei}${specExclusiveSuffix[lang]}`);
    expect(body).toContain(plain(euros(5 * law, lang)));
  });

  it('states the net total', () => {
    expect(mailOf(items, lang).body).toContain(plain(euros(3 * stairlift + 5 * law, lang)));
  });

  it('says how a shared and an exclusive lead are sold, only for the kinds in the cart', () => {
    const dict = getDictionary(lang).cart;
    expect(mailOf(items, lang).body).toContain(dict.mailShared);
    expect(mailOf(items, lang).body).toContain(dict.mailExclusive);
    const sharedOnly = mailOf(
      cart({ categoryId: 'coaching', exclusive: false, quantity: 1, area: 'germany' }),
      lang,
    ).body;
    expect(sharedOnly).toContain(dict.mailShared);
    expect(sharedOnly).not.toContain(dict.mailExclusive);
  });

  it('keeps every character safe in the link: line breaks, €, ×, umlauts and ampersands are encoded', () => {
    const query = mailOf(items, lang).href.split('?')[1];
    expect(query).toMatch(/^subject=[\w%.~!*'()-]*&body=[\w%.~!*'()-]*$/);
    expect(query).toContain('%0D%0A');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe.each(['de', 'en'] as const)('the area on each line of the order (%s)', (lang) => {
  const dict = getDictionary(lang);
  const name = getCategoryNames(lang).treppenlifte!;
  const items = cart(
    { categoryId: 'treppenlifte', exclusive: false, quantity: 2, area: 'postcodes:80-85,90' },
    { categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'states:BY,HE' },
    { categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'postcodes:80-85,90' },
  );
  const postcodes = dict.area.postcodes.replace('{list}', '80–85, 90');
  const states = `${dict.area.states.BY}, ${dict.area.states.HE}`;

  it('keeps lines of one category with different areas apart, and names each area in words', () => {
    const { body } = mailOf(items, lang);
    expect(body).toContain(`3 × ${dict.cart.line.replace('{name}', name).replace('{area}', postcodes)}`);
    expect(body).toContain(`1 × ${dict.cart.line.replace('{name}', name).replace('{area}', states)}`);
  });

  it('gives the same text to copy, headed by the address and the subject', () => {
    const text = orderCopyText(inputOf(items, lang));
    const mail = mailOf(items, lang);
    const head = dict.cart.copyHeader.replace('{email}', getSite().email).replace('{subject}', mail.subject);
    expect(text.startsWith(`${head}\n\n`)).toBe(true);
    expect(text.slice(head.length).replace(/\s+/g, ' ').trim()).toBe(mail.body.trim());
  });
});
