'use client';

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  addItem,
  cartCount,
  cartTotal,
  decreaseGroup,
  increaseGroup,
  MAX_LINES,
  orderLines,
  removeGroup,
  restoreGroup,
  sanitizeItems,
  withoutOrdered,
  type CartItem,
  type Order,
  type RemovedGroup,
} from './rules';
import type { PriceList } from '../categories';
import { createSafeStorage, newestFirst } from './storage';
import { GERMANY_CODE } from '../order/area';

export const CART_STORAGE_KEY = 'leadwerk-cart';
/**
 * Bump when the stored shape changes, and teach `migrate` the step. Version 1
 * had no delivery area: its lines were for all of Germany. Any other version
 * is dropped, not misread.
 */
export const CART_STORAGE_VERSION = 2;

/** What is stored: cart lines only, never contact data. Prices are recomputed on load. */
type StoredCart = { items: Pick<CartItem, 'id' | 'category' | 'exclusive' | 'area' | 'quantity'>[] };

/** A version-1 cart as version 2: every line gets all of Germany. What is not a list of objects stays junk. */
export function migrateStoredCart(persisted: unknown, version: number): StoredCart {
  const items = (persisted as { items?: unknown } | undefined)?.items;
  if (version !== 1 || !Array.isArray(items)) return { items: [] };
  return {
    items: items.map((item: unknown) =>
      typeof item === 'object' && item !== null ? { ...item, area: GERMANY_CODE } : item,
    ) as StoredCart['items'],
  };
}

export interface CartState {
  items: CartItem[];
  /**
   * Adds one line per ordered lead. Returns how many lines were added: 0 for an invalid order, and 'full' when the
   * cart would hold more than MAX_LINES (nothing is added then).
   */
  addOrder: (order: Order) => number | 'full';
  /** Plus, minus and remove act on a row of the cart: a group key of `groupItems`. */
  increase: (key: string) => void;
  decrease: (key: string) => void;
  /** Takes a row out and returns what `restore` needs to put it back. */
  remove: (key: string) => RemovedGroup;
  restore: (removed: RemovedGroup) => void;
  /** Takes out the leads of an order the service took (`withoutOrdered`) and returns what stays in the cart. */
  removeOrdered: (sent: readonly CartItem[]) => CartItem[];
  /** The ids of the cart's lines as stored now, also when another tab changed them a moment ago. */
  lineIds: () => string[];
  clear: () => void;
}

/**
 * Base prices by category id, from the category table (never from storage). Kept beside the store,
 * not in it: every change of the store's state is written to storage, and this is not cart data.
 */
let prices: PriceList = {};

/** Hands the cart the category table's prices; `connectCartStorage` does this on every page. */
export function setCartPrices(list: PriceList): void {
  prices = list;
}

let lastTimestamp = 0;

/** A timestamp that never repeats, so two orders in the same millisecond get distinct line ids. */
function uniqueTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) =>
      newestFirst(
        {
          items: [],
          addOrder(order) {
            const lines = orderLines(order, uniqueTimestamp(), prices);
            if (lines.length === 0) return 0;
            if (get().items.length + lines.length > MAX_LINES) return 'full';
            set({ items: lines.reduce<CartItem[]>((items, line) => addItem(items, line), get().items) });
            return lines.length;
          },
          increase(key) {
            set({ items: increaseGroup(get().items, key) });
          },
          decrease(key) {
            set({ items: decreaseGroup(get().items, key) });
          },
          remove(key) {
            const { items, removed } = removeGroup(get().items, key);
            set({ items });
            return removed;
          },
          restore(removed) {
            set({ items: restoreGroup(get().items, removed) });
          },
          removeOrdered(sent) {
            const items = withoutOrdered(get().items, sent);
            set({ items });
            return items;
          },
          lineIds() {
            return get().items.map((item) => item.id);
          },
          clear() {
            set({ items: [] });
          },
        },
        () => void useCartStore.persist.rehydrate(),
      ),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createSafeStorage<StoredCart>(),
      skipHydration: true,
      partialize: (state): StoredCart => ({
        items: state.items.map(({ id, category, exclusive, area, quantity }) => ({
          id,
          category,
          exclusive,
          area,
          quantity,
        })),
      }),
      migrate: migrateStoredCart,
      merge: (persisted, current) => ({
        ...current,
        items: sanitizeItems((persisted as Partial<StoredCart> | undefined)?.items, prices),
      }),
    },
  ),
);

export const selectCount = (state: CartState) => cartCount(state.items);
export const selectTotal = (state: CartState) => cartTotal(state.items);

let connections = 0;

function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) void useCartStore.persist.rehydrate();
}

/**
 * Gives the cart the category table's prices, then loads the stored cart, and
 * again whenever another tab changes it. Everything that changes the cart
 * connects first (the cart button, the order form), so that nothing is added
 * to a cart that has not been read yet; the first connection loads the cart,
 * and the last one to leave stops listening.
 */
export function connectCartStorage(list: PriceList): () => void {
  setCartPrices(list);
  connections += 1;
  if (connections === 1) {
    void useCartStore.persist.rehydrate();
    window.addEventListener('storage', onStorage);
  }
  let connected = true;
  return () => {
    if (!connected) return;
    connected = false;
    connections -= 1;
    if (connections === 0) window.removeEventListener('storage', onStorage);
  };
}
