import { priceList } from '@/lib/categories';
import { getCategories } from '@/lib/content';
import { priceOf } from '@/testing/helpers';
import {
  splitGroupKey,
  addItem,
  canIncreaseGroup,
  cartCount,
  cartTotal,
  decreaseGroup,
  groupItems,
  groupKey,
  increaseGroup,
  MAX_QUANTITY,
  orderLines,
  removeGroup,
  removeItem,
  restoreGroup,
  sanitizeItems,
  setQuantity,
  withoutOrdered,
  type CartItem,
} from '@/lib/cart/rules';

/** The prices the shop hands the cart: its category table's. */
const prices = priceList(getCategories());

/** Base price in cents, as content/categories.json has it. */
function baseCents(id: string): number {
  return priceOf(id) * 100;
}

function line(id: string, category: string, quantity = 1, exclusive = false, area = 'germany'): CartItem {
  return {
    id,
    category,
    exclusive,
    area,
    quantity,
    price: baseCents(category) * (exclusive ? 5 : 1),
  };
}

describe('addItem', () => {
  it('appends a new id with quantity 1', () => {
    const item = {
      id: 'treppenlifte-1-0',
      category: 'treppenlifte',
      exclusive: false,
      area: 'germany',
      price: baseCents('treppenlifte'),
    };
    const items = addItem([line('kanzlei-1-0', 'kanzlei')], item);
    expect(items.map((entry) => [entry.id, entry.quantity])).toEqual([
      ['kanzlei-1-0', 1],
      ['treppenlifte-1-0', 1],
    ]);
  });

  it('raises the quantity of an id already in the cart by 1, without adding a line', () => {
    const existing = line('coaching-1-0', 'coaching', 2);
    const items = addItem([existing, line('kanzlei-1-0', 'kanzlei')], existing);
    expect(items).toHaveLength(2);
    expect(items[0]?.quantity).toBe(3);
    expect(items[1]?.quantity).toBe(1);
  });

  it('does not change the array it was given', () => {
    const before = [line('coaching-1-0', 'coaching')];
    addItem(before, before[0]!);
    expect(before[0]?.quantity).toBe(1);
  });
});

describe('setQuantity and removeItem', () => {
  const items = [line('a', 'treppenlifte', 2), line('b', 'kanzlei', 1)];

  it('sets the quantity of one line', () => {
    expect(setQuantity(items, 'a', 5).map((entry) => entry.quantity)).toEqual([5, 1]);
  });

  it.each([0, -1, -100])('removes the line when the quantity is set to %i', (quantity) => {
    expect(setQuantity(items, 'a', quantity).map((entry) => entry.id)).toEqual(['b']);
  });

  it.each([Number.NaN, 2.5, 101, Number.POSITIVE_INFINITY])(
    'ignores an impossible quantity (%p)',
    (quantity) => {
      expect(setQuantity(items, 'a', quantity)).toEqual(items);
    },
  );

  it('removes a line by id and leaves the others', () => {
    expect(removeItem(items, 'b').map((entry) => entry.id)).toEqual(['a']);
    expect(removeItem(items, 'unknown')).toEqual(items);
  });
});

describe('the cart after an order (withoutOrdered)', () => {
  const sent = [line('a', 'treppenlifte', 2), line('b', 'kanzlei', 1)];

  it('takes out every ordered lead', () => {
    expect(withoutOrdered(sent, sent)).toEqual([]);
  });

  it('keeps what was added while the order was on its way: other lines, and leads added to a sent line', () => {
    const meanwhile = [line('a', 'treppenlifte', 3), line('b', 'kanzlei', 1), line('c', 'coaching', 4)];
    expect(withoutOrdered(meanwhile, sent)).toEqual([line('a', 'treppenlifte', 1), line('c', 'coaching', 4)]);
  });

  it('keeps nothing of a sent line lowered or removed meanwhile', () => {
    expect(withoutOrdered([line('a', 'treppenlifte', 1)], sent)).toEqual([]);
  });
});

describe('cartTotal and cartCount', () => {
  it('are 0 for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  it('sum price × quantity in cents and the quantities', () => {
    const items = [line('a', 'treppenlifte', 3), line('b', 'kanzlei', 1, true), line('c', 'stromtarif', 2)];
    const expected = 3 * baseCents('treppenlifte') + 5 * baseCents('kanzlei') + 2 * baseCents('stromtarif');
    expect(cartTotal(items)).toBe(expected);
    expect(cartCount(items)).toBe(6);
  });
});

describe('the cart in rows (groupItems)', () => {
  it('makes one row of the lines of one category, area and kind, with their quantities added up', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `treppenlifte-1-${index}`);
    const groups = groupItems(ids.map((id) => line(id, 'treppenlifte', 1, false, 'postcodes:80-85,90')));
    expect(groups).toEqual([
      {
        key: groupKey({ category: 'treppenlifte', exclusive: false, area: 'postcodes:80-85,90' }),
        category: 'treppenlifte',
        exclusive: false,
        area: 'postcodes:80-85,90',
        price: baseCents('treppenlifte'),
        quantity: 50,
        ids,
      },
    ]);
  });

  it('keeps another area, the other kind and another category apart, in the order first added', () => {
    const items = [
      line('a', 'kanzlei', 2, false, 'germany'),
      line('b', 'kanzlei', 1, true, 'germany'),
      line('c', 'kanzlei', 1, false, 'states:BY'),
      line('d', 'coaching', 1, false, 'germany'),
      line('e', 'kanzlei', 3, false, 'germany'),
    ];
    expect(groupItems(items).map((group) => [group.ids, group.quantity])).toEqual([
      [['a', 'e'], 5],
      [['b'], 1],
      [['c'], 1],
      [['d'], 1],
    ]);
    expect(new Set(items.map(groupKey)).size).toBe(4);
  });

  it('keeps the total: the rows add up to the lines', () => {
    const items = [line('a', 'kanzlei', 2), line('b', 'kanzlei', 1, true), line('c', 'kanzlei', 3)];
    const groups = groupItems(items);
    expect(groups.reduce((sum, group) => sum + group.price * group.quantity, 0)).toBe(cartTotal(items));
  });

  it('has no rows for an empty cart', () => {
    expect(groupItems([])).toEqual([]);
  });
});

describe('a row’s key', () => {
  it('says again the category, kind and area it was made of, as the order service reads stored rows', () => {
    for (const item of [
      { category: 'treppenlifte', exclusive: false, area: 'germany' },
      { category: 'photovoltaik', exclusive: true, area: 'postcodes:80-85' },
    ])
      expect(splitGroupKey(groupKey(item))).toEqual(item);
  });
});

describe('plus, minus, remove and undo on a row', () => {
  const key = groupKey({ category: 'kanzlei', exclusive: false, area: 'germany' });
  const items = [line('a', 'kanzlei', 2), line('x', 'coaching', 1), line('b', 'kanzlei', 1)];
  const rowQuantity = (list: readonly CartItem[]) => groupItems(list).find((g) => g.key === key)?.quantity;

  it('adds one lead to the row with plus, on its newest line', () => {
    const after = increaseGroup(items, key);
    expect(rowQuantity(after)).toBe(4);
    expect(after.map((item) => [item.id, item.quantity])).toEqual([
      ['a', 2],
      ['x', 1],
      ['b', 2],
    ]);
  });

  it('takes one lead off with minus, and the newest line when it held one', () => {
    const once = decreaseGroup(items, key);
    expect(rowQuantity(once)).toBe(2);
    expect(once.map((item) => item.id)).toEqual(['a', 'x']);
    const thrice = decreaseGroup(decreaseGroup(once, key), key);
    expect(rowQuantity(thrice)).toBeUndefined();
    expect(thrice.map((item) => item.id)).toEqual(['x']);
  });

  it('allows plus only while the newest line is below the maximum', () => {
    expect(canIncreaseGroup(items, key)).toBe(true);
    const full = [line('a', 'kanzlei', MAX_QUANTITY)];
    expect(canIncreaseGroup(full, key)).toBe(false);
    expect(increaseGroup(full, key)).toEqual(full);
    expect(canIncreaseGroup([], key)).toBe(false);
  });

  it('changes nothing for a row that is not in the cart, and never the array it was given', () => {
    const absent = groupKey({ category: 'kanzlei', exclusive: true, area: 'germany' });
    expect(increaseGroup(items, absent)).toEqual(items);
    expect(decreaseGroup(items, absent)).toEqual(items);
    expect(removeGroup(items, absent).items).toEqual(items);
    const copy = items.map((item) => ({ ...item }));
    increaseGroup(items, key);
    decreaseGroup(items, key);
    removeGroup(items, key);
    expect(items).toEqual(copy);
  });

  it('removes every line of the row, and undo puts them back where they were', () => {
    const { items: left, removed } = removeGroup(items, key);
    expect(left.map((item) => item.id)).toEqual(['x']);
    expect(removed.lines.map((item) => item.id)).toEqual(['a', 'b']);
    const back = restoreGroup(left, removed);
    expect(groupItems(back).map((group) => [group.key, group.quantity])).toEqual(
      groupItems(items).map((group) => [group.key, group.quantity]),
    );
    expect(cartTotal(back)).toBe(cartTotal(items));
  });

  it('puts a row back at its place in the list of rows, also from the end', () => {
    const rows = [line('p', 'coaching', 1), line('q', 'kanzlei', 1), line('r', 'stromtarif', 1)];
    for (const row of groupItems(rows)) {
      const { items: left, removed } = removeGroup(rows, row.key);
      expect(restoreGroup(left, removed)).toEqual(rows);
    }
  });

  it('does not bring back a line twice when the cart already holds it again', () => {
    const { items: left, removed } = removeGroup(items, key);
    const meanwhile = [...left, line('b', 'kanzlei', 1)];
    const back = restoreGroup(meanwhile, removed);
    expect(back.map((item) => item.id).sort()).toEqual(['a', 'b', 'x']);
    expect(new Set(back.map((item) => item.id)).size).toBe(back.length);
  });

  it('puts a row back at the end when the cart got shorter meanwhile', () => {
    const rows = [line('p', 'coaching', 1), line('q', 'kanzlei', 1), line('r', 'stromtarif', 1)];
    const last = groupKey(rows[2]!);
    const { items: left, removed } = removeGroup(rows, last);
    const shorter = left.slice(1);
    expect(restoreGroup(shorter, removed).map((item) => item.id)).toEqual(['q', 'r']);
  });
});

describe('orderLines', () => {
  const now = 1_700_000_000_000;

  it('creates one line per lead with ids categoryId-timestamp-index', () => {
    const lines = orderLines(
      { categoryId: 'treppenlifte', exclusive: false, quantity: 3, area: 'germany' },
      now,
      prices,
    );
    expect(lines.map((entry) => entry.id)).toEqual([
      `treppenlifte-${now}-0`,
      `treppenlifte-${now}-1`,
      `treppenlifte-${now}-2`,
    ]);
    for (const entry of lines) {
      expect(entry).toEqual(
        expect.objectContaining({
          category: 'treppenlifte',
          exclusive: false,
          price: baseCents('treppenlifte'),
        }),
      );
    }
  });

  it('charges five times the base price per exclusive lead', () => {
    const [first] = orderLines(
      { categoryId: 'kanzlei', exclusive: true, quantity: 1, area: 'germany' },
      now,
      prices,
    );
    expect(first).toEqual(expect.objectContaining({ exclusive: true, price: 5 * baseCents('kanzlei') }));
  });

  it('accepts the limits 1 and 100', () => {
    expect(
      orderLines({ categoryId: 'coaching', exclusive: false, quantity: 1, area: 'germany' }, now, prices),
    ).toHaveLength(1);
    expect(
      orderLines({ categoryId: 'coaching', exclusive: false, quantity: 100, area: 'germany' }, now, prices),
    ).toHaveLength(100);
  });

  it.each([0, 101, 2.5, Number.NaN, -3])('rejects quantity %p', (quantity) => {
    expect(
      orderLines({ categoryId: 'coaching', exclusive: false, quantity, area: 'germany' }, now, prices),
    ).toEqual([]);
  });

  it('rejects an unknown category', () => {
    expect(
      orderLines({ categoryId: 'stairlifts', exclusive: false, quantity: 1, area: 'germany' }, now, prices),
    ).toEqual([]);
  });
});

describe('sanitizeItems', () => {
  const good = {
    id: 'treppenlifte-1-0',
    category: 'treppenlifte',
    exclusive: false,
    area: 'postcodes:80-85,90',
    quantity: 2,
  };

  it('keeps well-formed lines and recomputes their prices from the category table', () => {
    expect(
      sanitizeItems(
        [
          good,
          { id: 'kanzlei-1-0', category: 'kanzlei', exclusive: true, area: 'states:BY,HE', quantity: 1 },
        ],
        prices,
      ),
    ).toEqual([
      { ...good, price: baseCents('treppenlifte') },
      {
        id: 'kanzlei-1-0',
        category: 'kanzlei',
        exclusive: true,
        area: 'states:BY,HE',
        quantity: 1,
        price: 5 * baseCents('kanzlei'),
      },
    ]);
  });

  it('ignores a stored price: 1 cent in storage still costs the table price', () => {
    const [item] = sanitizeItems([{ ...good, price: 1 }], prices);
    expect(item?.price).toBe(baseCents('treppenlifte'));
  });

  it.each([[null], [undefined], ['[]'], [42], [{ items: [] }], [{ 0: good, length: 1 }]])(
    'returns no lines for a non-array (%p)',
    (raw) => {
      expect(sanitizeItems(raw, prices)).toEqual([]);
    },
  );

  it.each([
    ['a null entry', null],
    ['a string entry', 'treppenlifte'],
    ['an array entry', [good]],
    ['a numeric id', { ...good, id: 7 }],
    ['an empty id', { ...good, id: '' }],
    ['a huge id', { ...good, id: 'x'.repeat(10_000) }],
    ['an unknown category', { ...good, category: 'stairlifts' }],
    ['a category named __proto__', { ...good, category: '__proto__' }],
    ['a category named constructor', { ...good, category: 'constructor' }],
    ['a category in capitals', { ...good, category: 'Treppenlifte' }],
    ['a category with a trailing space', { ...good, category: 'treppenlifte ' }],
    ['a category in a list', { ...good, category: ['treppenlifte'] }],
    ['a null quantity', { ...good, quantity: null }],
    ['a quantity object', { ...good, quantity: { valueOf: 2 } }],
    ['a quantity above MAX_QUANTITY', { ...good, quantity: MAX_QUANTITY + 1 }],
    ['an exclusive line of 1e308', { ...good, exclusive: true, quantity: 1e308 }],
    ['a missing category', { ...good, category: undefined }],
    ['a string quantity', { ...good, quantity: '2' }],
    ['a zero quantity', { ...good, quantity: 0 }],
    ['a negative quantity', { ...good, quantity: -1 }],
    ['a NaN quantity', { ...good, quantity: Number.NaN }],
    ['a fractional quantity', { ...good, quantity: 1.5 }],
    ['a huge quantity', { ...good, quantity: 1e9 }],
    ['an exclusive flag that is not a boolean', { ...good, exclusive: 'yes' }],
    ['a missing area', { ...good, area: undefined }],
    ['an area that is no code', { ...good, area: 'PLZ 80–85' }],
    ['an area in another spelling', { ...good, area: 'postcodes:90,80-85' }],
  ])('drops %s', (_label, entry) => {
    expect(sanitizeItems([entry, { ...good, id: 'kept' }], prices).map((item) => item.id)).toEqual(['kept']);
  });

  it('keeps a line of MAX_QUANTITY leads', () => {
    expect(sanitizeItems([{ ...good, quantity: MAX_QUANTITY }], prices)).toHaveLength(1);
  });

  it('keeps only the first of two lines with the same id', () => {
    const items = sanitizeItems([good, { ...good, quantity: 5 }], prices);
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);
  });

  it('never produces NaN totals, whatever was stored', () => {
    const junk = [
      good,
      { ...good, id: 'b', quantity: Number.NaN },
      { ...good, id: 'c', price: Number.NaN },
      {},
      'x',
    ];
    const items = sanitizeItems(junk, prices);
    expect(Number.isFinite(cartTotal(items))).toBe(true);
    expect(cartTotal(items)).toBe(2 * baseCents('treppenlifte') * 2);
    expect(cartCount(items)).toBe(4);
  });

  it('caps an absurd number of stored lines', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      ...good,
      id: `line-${index}`,
      quantity: 1,
    }));
    const items = sanitizeItems(many, prices);
    expect(items.length).toBeLessThan(many.length);
    expect(items.length).toBeGreaterThanOrEqual(100);
  });
});
