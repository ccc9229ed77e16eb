import type { PriceList } from '../categories';
import { unitPriceCents } from '../money';
import { areaFromCode } from '../order/area';

/** Quantities the order form accepts, and the most one cart line may hold. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;
/** More lines than this in storage can only be junk; a full order is at most 100. */
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

/** Σ price × quantity, in cents. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Σ quantity: the number of leads in the cart. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
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
