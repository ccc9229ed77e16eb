import type { PriceList } from '../categories';
import { unitPriceCents } from '../money';
import { areaFromCode } from '../order/area';

/** Quantities the order form accepts, and the most one cart line may hold. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;
/**
 * The most lines a cart holds (an order adds one per lead): the order form says the cart is full rather than add
 * more, so more lines than this in storage can only be junk.
 */
export const MAX_LINES = 500;

/** One line of the cart. Prices are integer cents and always come from the category table's price list. */
export interface CartItem {
  id: string;
  category: string;
  exclusive: boolean;
  /** Where the leads come from, as a code of lib/order/area.ts (`germany`, `postcodes:80-85`, …). */
  area: string;
  /** Price per lead in cents (5 × base when exclusive). */
  price: number;
  quantity: number;
}

export function isValidQuantity(quantity: unknown): quantity is number {
  return (
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= MIN_QUANTITY &&
    quantity <= MAX_QUANTITY
  );
}

/** Adds a line: an id already in the cart gets one more, a new id is appended with quantity 1. */
export function addItem(items: readonly CartItem[], item: Omit<CartItem, 'quantity'>): CartItem[] {
  const existing = items.find((line) => line.id === item.id);
  if (existing) {
    if (existing.quantity >= MAX_QUANTITY) return [...items];
    return items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line));
  }
  return [...items, { ...item, quantity: 1 }];
}

/** Sets a line's quantity; 0 or less removes it. Anything that is not a whole number up to the maximum is ignored. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity > MAX_QUANTITY) return [...items];
  if (quantity <= 0) return removeItem(items, id);
  return items.map((line) => (line.id === id ? { ...line, quantity } : line));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/**
 * The cart once the order service has taken an order of the lines `sent`: each sent line's leads taken out of the
 * line with its id. Whatever was added while the order was on its way (from another tab) was not ordered and
 * stays: other lines, and leads added to a sent line.
 */
export function withoutOrdered(
  items: readonly CartItem[],
  sent: readonly Pick<CartItem, 'id' | 'quantity'>[],
): CartItem[] {
  const ordered = new Map(sent.map((line) => [line.id, line.quantity]));
  return items.flatMap((line) => {
    const quantity = ordered.has(line.id) ? line.quantity - ordered.get(line.id)! : line.quantity;
    if (quantity < MIN_QUANTITY) return [];
    return quantity === line.quantity ? [line] : [{ ...line, quantity }];
  });
}

/** Σ price × quantity, in cents. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Σ quantity: the number of leads in the cart. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The cart as a buyer reads it: one row per category, delivery area and kind (exclusive or not), with the
 * quantities of its lines added up. The store keeps one line per ordered lead underneath (spec §3); every
 * view, the e-mail order and the quote show these rows, in the order their first line was added.
 */
export interface CartGroup {
  key: string;
  category: string;
  exclusive: boolean;
  area: string;
  /** Net price per lead, in cents. */
  price: number;
  quantity: number;
  /** The ids of its lines, oldest first. */
  ids: string[];
}

export function groupKey(item: Pick<CartItem, 'category' | 'exclusive' | 'area'>): string {
  return `${item.category}|${item.exclusive ? 'exclusive' : 'shared'}|${item.area}`;
}

/** What a group's key says (the inverse of `groupKey`): the order service reads its stored rows by it. */
export function splitGroupKey(key: string): Pick<CartItem, 'category' | 'exclusive' | 'area'> {
  const [category = '', kind, ...area] = key.split('|');
  return { category, exclusive: kind === 'exclusive', area: area.join('|') };
}

export function groupItems(items: readonly CartItem[]): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key);
    if (group) {
      group.quantity += item.quantity;
      group.ids.push(item.id);
    } else {
      const { category, exclusive, area, price, quantity } = item;
      groups.set(key, { key, category, exclusive, area, price, quantity, ids: [item.id] });
    }
  }
  return [...groups.values()];
}

function lastLineOf(items: readonly CartItem[], key: string): CartItem | undefined {
  return items.findLast((item) => groupKey(item) === key);
}

/** Whether a row's plus button can add one: its newest line is below the maximum. */
export function canIncreaseGroup(items: readonly CartItem[], key: string): boolean {
  const last = lastLineOf(items, key);
  return last !== undefined && last.quantity < MAX_QUANTITY;
}

/** A row's plus: one more lead on its newest line. */
export function increaseGroup(items: readonly CartItem[], key: string): CartItem[] {
  const last = lastLineOf(items, key);
  return last ? addItem(items, last) : [...items];
}

/** A row's minus: one lead fewer on its newest line; a line at 1 goes, and with the last one the row. */
export function decreaseGroup(items: readonly CartItem[], key: string): CartItem[] {
  const last = lastLineOf(items, key);
  return last ? setQuantity(items, last.id, last.quantity - 1) : [...items];
}

/** What a row's removal took out, so that it can be put back where it was. */
export interface RemovedGroup {
  lines: CartItem[];
  /** Where its first line stood. */
  index: number;
}

export function removeGroup(
  items: readonly CartItem[],
  key: string,
): { items: CartItem[]; removed: RemovedGroup } {
  const index = items.findIndex((item) => groupKey(item) === key);
  return {
    items: items.filter((item) => groupKey(item) !== key),
    removed: { lines: items.filter((item) => groupKey(item) === key), index: Math.max(index, 0) },
  };
}

/** Undoes a removal: the lines go back at their place, except any whose id the cart holds again meanwhile. */
export function restoreGroup(items: readonly CartItem[], { lines, index }: RemovedGroup): CartItem[] {
  const present = new Set(items.map((item) => item.id));
  const back = lines.filter((line) => !present.has(line.id));
  const at = Math.min(index, items.length);
  return [...items.slice(0, at), ...back, ...items.slice(at)];
}

/** A cart line's name: the category, and the exclusive suffix (spec §3) after a space when exclusive. */
export function lineName(categoryName: string, exclusive: boolean, exclusiveSuffix: string): string {
  return exclusive ? `${categoryName} ${exclusiveSuffix}` : categoryName;
}

export interface Order {
  categoryId: string;
  exclusive: boolean;
  /** The delivery area's code. */
  area: string;
  quantity: number;
}

/**
 * The lines an order adds: one per lead, each with its own id made of the
 * category id, a timestamp and a running index. Returns no lines for a
 * category the price list does not have or a quantity outside 1–100.
 */
export function orderLines(order: Order, now: number, prices: PriceList): Omit<CartItem, 'quantity'>[] {
  const basePrice = priceOf(prices, order.categoryId);
  if (
    basePrice === undefined ||
    !isValidQuantity(order.quantity) ||
    typeof order.exclusive !== 'boolean' ||
    !areaFromCode(order.area)
  )
    return [];
  const price = unitPriceCents(basePrice, order.exclusive);
  return Array.from({ length: order.quantity }, (_, index) => ({
    id: `${order.categoryId}-${now}-${index}`,
    category: order.categoryId,
    exclusive: order.exclusive,
    area: order.area,
    price,
  }));
}

/** The base price of a category, for own keys only: `__proto__` or `constructor` from storage are no categories. */
function priceOf(prices: PriceList, categoryId: unknown): number | undefined {
  return typeof categoryId === 'string' && Object.hasOwn(prices, categoryId) ? prices[categoryId] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns whatever was stored into cart lines we trust. Lines with a wrong
 * shape, an unknown category or an out-of-range quantity are dropped, and the
 * price is always looked up again in the price list: a stored price is
 * never believed. A line of a category the shop no longer sells is dropped,
 * and so is a line whose area is not a code the shop writes.
 */
export function sanitizeItems(raw: unknown, prices: PriceList): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of raw.slice(0, MAX_LINES)) {
    if (!isRecord(entry)) continue;
    const { id, category: categoryId, exclusive, quantity, area } = entry;
    if (typeof id !== 'string' || id.length === 0 || id.length > 120 || seen.has(id)) continue;
    if (typeof exclusive !== 'boolean' || !isValidQuantity(quantity)) continue;
    if (typeof area !== 'string' || !areaFromCode(area)) continue;
    const basePrice = priceOf(prices, categoryId);
    if (basePrice === undefined) continue;
    seen.add(id);
    items.push({
      id,
      category: categoryId as string,
      exclusive,
      area,
      quantity,
      price: unitPriceCents(basePrice, exclusive),
    });
  }
  return items;
}
