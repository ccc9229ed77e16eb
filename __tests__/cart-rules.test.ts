import { priceList } from '@/lib/categories';
import { getCategories } from '@/lib/content';
import { priceOf } from '@/testing/helpers';
import {
  addItem,
  cartCount,
  cartTotal,
  orderLines,
  removeItem,
  sanitizeItems,
  setQuantity,
  type CartItem,
} from '@/lib/cart/rules';

/** The prices the shop hands the cart: its category table's. */
const prices = priceList(getCategories());

/** Base price in cents, as content/categories.json has it. */
function baseCents(id: string): number {
  return priceOf(id) * 100;
}

function line(id: string, category: string, quantity = 1, exclusive = false): CartItem {
  return {
    id,
    category,
    exclusive,
    area: 'germany',
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
