import { waitFor } from '@testing-library/react';
import { priceList } from '@/lib/categories';
import { getCategories } from '@/lib/content';
import { priceOf } from '@/testing/helpers';
import { groupItems, groupKey, MAX_LINES } from '@/lib/cart/rules';
import { createSafeStorage } from '@/lib/cart/storage';
import {
  CART_STORAGE_KEY,
  CART_STORAGE_VERSION,
  connectCartStorage,
  selectCount,
  selectTotal,
  setCartPrices,
  useCartStore,
} from '@/lib/cart/store';

/** The prices the header hands the cart: the category table's. */
const prices = priceList(getCategories());

const cart = () => useCartStore.getState();

/** Base price in cents, as content/categories.json has it. */
function priceCents(id: string): number {
  return priceOf(id) * 100;
}

function stored(): { state: { items: Record<string, unknown>[] }; version: number } {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  if (raw === null) throw new Error('nothing stored');
  return JSON.parse(raw) as { state: { items: Record<string, unknown>[] }; version: number };
}

function writeStored(value: unknown) {
  localStorage.setItem(CART_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));
}

const storedLine = {
  id: 'kanzlei-1-0',
  category: 'kanzlei',
  exclusive: false,
  area: 'radius:80331:50',
  quantity: 2,
};

beforeEach(() => {
  setCartPrices(prices);
  useCartStore.setState({ items: [] });
  localStorage.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('cart actions', () => {
  it('adds one line per ordered lead and reports how many', () => {
    expect(
      cart().addOrder({ categoryId: 'treppenlifte', exclusive: false, quantity: 3, area: 'germany' }),
    ).toBe(3);
    expect(cart().items).toHaveLength(3);
    expect(new Set(cart().items.map((item) => item.id)).size).toBe(3);
    expect(selectCount(cart())).toBe(3);
    expect(selectTotal(cart())).toBe(3 * priceCents('treppenlifte'));
  });

  it('gives two orders in the same millisecond distinct lines', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 2, area: 'germany' });
    cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 2, area: 'germany' });
    expect(cart().items).toHaveLength(4);
    expect(selectCount(cart())).toBe(4);
  });

  it('prices exclusive leads at five times the base price', () => {
    cart().addOrder({ categoryId: 'kanzlei', exclusive: true, quantity: 2, area: 'germany' });
    expect(selectTotal(cart())).toBe(2 * 5 * priceCents('kanzlei'));
  });

  it('adds nothing, and says the cart is full, where the order would take it past its lines', () => {
    // An order adds a line per lead: five orders of 100 fill it, and a sixth would have been cut off unseen.
    for (let i = 0; i < MAX_LINES / 100; i++)
      expect(
        cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 100, area: 'germany' }),
      ).toBe(100);
    expect(cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 1, area: 'germany' })).toBe(
      'full',
    );
    expect(cart().items).toHaveLength(MAX_LINES);
    expect(cart().items.some((item) => item.category === 'coaching')).toBe(false);
  });

  it('adds nothing for an invalid order (the rules are tested in cart-rules.test.ts)', () => {
    expect(cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 101, area: 'germany' })).toBe(
      0,
    );
    expect(cart().addOrder({ categoryId: 'nope', exclusive: false, quantity: 1, area: 'germany' })).toBe(0);
    expect(cart().items).toEqual([]);
  });

  it('raises and lowers a row with plus and minus; minus at 1 takes the row away', () => {
    cart().addOrder({ categoryId: 'stromtarif', exclusive: false, quantity: 1, area: 'germany' });
    const [row] = groupItems(cart().items);
    cart().increase(row!.key);
    cart().increase(row!.key);
    expect(groupItems(cart().items).map((group) => group.quantity)).toEqual([3]);
    cart().decrease(row!.key);
    expect(selectCount(cart())).toBe(2);
    cart().decrease(row!.key);
    cart().decrease(row!.key);
    expect(cart().items).toEqual([]);
  });

  it('acts on a whole row of many ordered leads, and leaves the other rows alone', () => {
    cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 50, area: 'states:BY' });
    cart().addOrder({ categoryId: 'kanzlei', exclusive: true, quantity: 2, area: 'states:BY' });
    const [shared, exclusive] = groupItems(cart().items);
    expect([shared?.quantity, exclusive?.quantity]).toEqual([50, 2]);

    cart().increase(shared!.key);
    cart().decrease(exclusive!.key);
    expect(groupItems(cart().items).map((group) => [group.key, group.quantity])).toEqual([
      [shared!.key, 51],
      [exclusive!.key, 1],
    ]);
    expect(selectTotal(cart())).toBe(51 * priceCents('kanzlei') + 5 * priceCents('kanzlei'));
  });

  it('ignores plus and minus for a row that is not in the cart', () => {
    cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 2, area: 'germany' });
    const before = cart().items;
    const absent = groupKey({ category: 'coaching', exclusive: true, area: 'germany' });
    cart().increase(absent);
    cart().decrease(absent);
    expect(cart().items).toEqual(before);
  });

  it('removes a whole row and puts it back at its place on restore', () => {
    cart().addOrder({ categoryId: 'stromtarif', exclusive: false, quantity: 1, area: 'germany' });
    cart().addOrder({ categoryId: 'coaching', exclusive: true, quantity: 3, area: 'states:HE' });
    cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 1, area: 'germany' });
    const before = cart().items;
    const [, middle] = groupItems(before);

    const removed = cart().remove(middle!.key);
    expect(removed.lines).toHaveLength(3);
    expect(groupItems(cart().items).map((group) => group.category)).toEqual(['stromtarif', 'kanzlei']);
    expect(selectCount(cart())).toBe(2);

    cart().restore(removed);
    expect(cart().items).toEqual(before);
    expect(stored().state.items).toHaveLength(before.length);
  });

  it('clears all', () => {
    cart().addOrder({ categoryId: 'coaching', exclusive: true, quantity: 4, area: 'germany' });
    cart().clear();
    expect(cart().items).toEqual([]);
    expect(selectTotal(cart())).toBe(0);
  });
});

describe('persistence', () => {
  it('stores cart lines with the version number and restores them', async () => {
    cart().addOrder({ categoryId: 'photovoltaik', exclusive: true, quantity: 2, area: 'germany' });
    const before = cart().items;

    const value = stored();
    expect(value.version).toBe(CART_STORAGE_VERSION);
    expect(value.state.items).toHaveLength(2);

    useCartStore.setState({ items: [] }, false);
    writeStored(value);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual(before);
  });

  it('stores only the lines: no prices to tamper with, nothing else', () => {
    cart().addOrder({ categoryId: 'photovoltaik', exclusive: false, quantity: 1, area: 'germany' });
    const value = stored();
    expect(Object.keys(value.state)).toEqual(['items']);
    expect(Object.keys(value.state.items[0]!).sort()).toEqual([
      'area',
      'category',
      'exclusive',
      'id',
      'quantity',
    ]);
  });

  it('stores the area as its language-neutral code, and restores it', async () => {
    cart().addOrder({
      categoryId: 'treppenlifte',
      exclusive: false,
      quantity: 1,
      area: 'postcodes:80-85,90',
    });
    cart().addOrder({ categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'states:BY,HE' });
    expect(stored().state.items.map((item) => item.area)).toEqual(['postcodes:80-85,90', 'states:BY,HE']);
    const before = cart().items;
    const value = stored();
    useCartStore.setState({ items: [] }, false);
    writeStored(value);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual(before);
  });

  it('loads a cart stored before areas existed (version 1) with all of Germany on every line', async () => {
    const oldLine = { id: 'kanzlei-1-0', category: 'kanzlei', exclusive: false, quantity: 2 };
    writeStored({
      state: { items: [oldLine, { ...oldLine, id: 'kanzlei-1-1', exclusive: true }, 'junk'] },
      version: 1,
    });
    await useCartStore.persist.rehydrate();
    expect(cart().items.map(({ id, area, exclusive }) => ({ id, area, exclusive }))).toEqual([
      { id: 'kanzlei-1-0', area: 'germany', exclusive: false },
      { id: 'kanzlei-1-1', area: 'germany', exclusive: true },
    ]);
    expect(selectTotal(cart())).toBe(2 * priceCents('kanzlei') + 2 * 5 * priceCents('kanzlei'));
    // The next write stores it in the new version.
    cart().increase(groupKey(cart().items[0]!));
    expect(selectCount(cart())).toBe(5);
    expect(stored().version).toBe(CART_STORAGE_VERSION);
    expect(stored().state.items[0]!.area).toBe('germany');
  });

  it('drops a version-1 cart whose lines are not a list', async () => {
    writeStored({ state: { items: 'lots' }, version: 1 });
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
  });

  it('takes prices from the category table, not from storage', async () => {
    writeStored({ state: { items: [{ ...storedLine, price: 1 }] }, version: CART_STORAGE_VERSION });
    await useCartStore.persist.rehydrate();
    expect(selectTotal(cart())).toBe(2 * priceCents('kanzlei'));
  });

  it.each([
    ['corrupt JSON', '{"state":{"items":[{"id":'],
    [
      'a foreign version',
      JSON.stringify({ state: { items: [storedLine] }, version: CART_STORAGE_VERSION + 1 }),
    ],
    ['an unversioned old cart', JSON.stringify({ state: { items: [storedLine] }, version: 0 })],
    ['a bare array', JSON.stringify([storedLine])],
    ['a number', '42'],
    ['null', 'null'],
    [
      'items that are not an array',
      JSON.stringify({ state: { items: 'lots' }, version: CART_STORAGE_VERSION }),
    ],
    ['1 MB of junk', 'x'.repeat(1_000_000)],
    [
      '1 MB of junk JSON',
      JSON.stringify({
        state: {
          items: Array.from({ length: 20_000 }, (_, index) => ({
            id: `j${index}`,
            category: 'kanzlei',
            exclusive: 'no',
            quantity: 'NaN',
          })),
        },
        version: CART_STORAGE_VERSION,
      }),
    ],
  ])('loads an empty cart from %s, never NaN', async (_label, raw) => {
    useCartStore.setState({ items: [] });
    writeStored(raw);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
    expect(selectTotal(cart())).toBe(0);
    expect(selectCount(cart())).toBe(0);
  });

  it('keeps the good lines of a partly corrupt cart', async () => {
    writeStored({
      state: {
        items: [
          storedLine,
          { ...storedLine, id: 'b', quantity: null },
          { id: 'c', category: 'mars', exclusive: false, area: 'germany', quantity: 1 },
        ],
      },
      version: CART_STORAGE_VERSION,
    });
    await useCartStore.persist.rehydrate();
    expect(cart().items.map((item) => item.id)).toEqual(['kanzlei-1-0']);
    expect(selectTotal(cart())).toBe(2 * priceCents('kanzlei'));
  });
});

describe('storage that fails', () => {
  it('keeps working in memory when writing throws (quota exceeded)', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() =>
      cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 2, area: 'germany' }),
    ).not.toThrow();
    expect(selectCount(cart())).toBe(2);
    cart().increase(groupKey(cart().items[0]!));
    expect(selectCount(cart())).toBe(3);

    // The header remounts on every navigation and reloads the cart: that must not empty it.
    await useCartStore.persist.rehydrate();
    expect(selectCount(cart())).toBe(3);
  });

  it('keeps the in-memory cart when reading throws', async () => {
    cart().addOrder({ categoryId: 'coaching', exclusive: false, quantity: 2, area: 'germany' });
    const before = cart().items;
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expect(useCartStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(cart().items).toEqual(before);
    cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 1, area: 'germany' });
    expect(selectCount(cart())).toBe(3);
  });

  it('reads its own newest cart while storage is full, and other tabs’ writes once it is not', () => {
    const backing = new Map<string, string>();
    let full = false;
    const fake = {
      getItem: (key: string) => backing.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        backing.set(key, value);
      },
      removeItem: (key: string) => backing.delete(key),
    } as unknown as Storage;
    const storage = createSafeStorage<{ items: number[] }>(() => fake);
    const value = (items: number[]) => ({ state: { items }, version: 1 });

    storage.setItem('cart', value([1]));
    full = true;
    storage.setItem('cart', value([1, 2]));
    expect(storage.getItem('cart')).toEqual(value([1, 2]));

    full = false;
    storage.setItem('cart', value([3]));
    backing.set('cart', JSON.stringify(value([4])));
    expect(storage.getItem('cart')).toEqual(value([4]));
  });

  it('falls back to memory when localStorage cannot even be reached', () => {
    const storage = createSafeStorage<{ items: unknown[] }>(() => {
      throw new DOMException('Access denied', 'SecurityError');
    });
    storage.setItem('cart', { state: { items: [1] }, version: 1 });
    expect(storage.getItem('cart')).toEqual({ state: { items: [1] }, version: 1 });
    storage.removeItem('cart');
    expect(storage.getItem('cart')).toBeNull();
  });
});

describe('connectCartStorage', () => {
  it('drops a stored line whose category the table no longer has, and prices the rest from the table', async () => {
    const withoutKanzlei = Object.fromEntries(Object.entries(prices).filter(([id]) => id !== 'kanzlei'));
    writeStored({
      state: {
        items: [
          storedLine,
          {
            id: 'coaching-1-0',
            category: 'coaching',
            exclusive: true,
            area: 'germany',
            quantity: 1,
            price: 1,
          },
        ],
      },
      version: CART_STORAGE_VERSION,
    });
    const disconnect = connectCartStorage(withoutKanzlei);
    try {
      await waitFor(() => expect(cart().items.map((item) => item.category)).toEqual(['coaching']));
      expect(selectTotal(cart())).toBe(5 * priceCents('coaching'));
    } finally {
      disconnect();
    }
  });

  it("loads the stored cart, then picks up another tab's writes", async () => {
    writeStored({ state: { items: [storedLine] }, version: CART_STORAGE_VERSION });
    const disconnect = connectCartStorage(prices);
    try {
      await waitFor(() => expect(selectCount(cart())).toBe(2));

      // Another tab replaces the cart and the browser fires a storage event here.
      writeStored({
        state: {
          items: [
            storedLine,
            {
              id: 'treppenlifte-2-0',
              category: 'treppenlifte',
              exclusive: true,
              area: 'states:BY',
              quantity: 1,
            },
          ],
        },
        version: CART_STORAGE_VERSION,
      });
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
      await waitFor(() => expect(selectCount(cart())).toBe(3));
      expect(selectTotal(cart())).toBe(2 * priceCents('kanzlei') + 5 * priceCents('treppenlifte'));

      // Another tab clears all storage.
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
      await waitFor(() => expect(cart().items).toEqual([]));
    } finally {
      disconnect();
    }
  });

  it('keeps the leads another tab added before this tab heard of them', async () => {
    type StoreModule = typeof import('@/lib/cart/store');
    /** A page in a tab of its own: its own copy of the store, on the storage every tab shares. */
    const openTab = async () => {
      let store!: StoreModule;
      jest.isolateModules(() => {
        store = jest.requireActual<StoreModule>('@/lib/cart/store');
      });
      const disconnect = store.connectCartStorage(prices);
      await waitFor(() => expect(store.useCartStore.persist.hasHydrated()).toBe(true));
      return { cart: store.useCartStore.getState, disconnect };
    };
    const first = await openTab();
    const second = await openTab();
    try {
      first.cart().addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 2, area: 'germany' });
      // No storage event yet (the second tab was in the background); its buyer adds leads there.
      second.cart().addOrder({ categoryId: 'coaching', exclusive: true, quantity: 1, area: 'germany' });
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));

      for (const tab of [first, second])
        expect(selectTotal(tab.cart())).toBe(2 * priceCents('kanzlei') + 5 * priceCents('coaching'));
      expect(stored().state.items.map((item) => item.category)).toEqual(['kanzlei', 'kanzlei', 'coaching']);
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });

  it('ignores storage events for other keys and stops listening when disconnected', async () => {
    const disconnect = connectCartStorage(prices);
    await Promise.resolve();
    disconnect();
    const rehydrate = jest.spyOn(useCartStore.persist, 'rehydrate');

    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(rehydrate).not.toHaveBeenCalled();

    const again = connectCartStorage(prices);
    rehydrate.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(rehydrate).not.toHaveBeenCalled();
    again();
  });
});
