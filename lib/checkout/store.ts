'use client';

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createSafeStorage, newestFirst } from '../cart/storage';
import { NEW_BUYER, sanitizeBuyer, withoutDirectionControls, type Buyer, type BuyerField } from './buyer';
import { sanitizeConfirmation, type ConfirmedOrder } from './confirmation';
import { QUOTE_NUMBER_PATTERN, REMEMBERED_QUOTES, stampAmong, type QuoteStamp } from './quote';
import { newOrderKey } from './send';

/**
 * The checkout's billing details, the buyer's declaration to order as a business and the current quote's number,
 * kept in this browser's localStorage only (the page says so), so that a reload or a change of language loses
 * nothing. They leave the browser only in the order the buyer sends, and are forgotten once the service has taken
 * it. `forget` deletes them. Every open checkout follows the newest stored copy (`connectCheckoutStorage`).
 */
export const CHECKOUT_STORAGE_KEY = 'leadwerk-checkout';
export const CHECKOUT_STORAGE_VERSION = 1;

interface StoredCheckout {
  buyer: Buyer;
  /**
   * The buyer declared to order for their business, as an Unternehmer (§ 14 BGB), not as a consumer: the shop sells
   * to businesses only, and no way of ordering works without it.
   */
  business: boolean;
  quote?: QuoteStamp;
  /** The quotes issued before the current one, newest first: one that says the same again comes back. */
  earlierQuotes?: QuoteStamp[];
  /** When the buyer began the details (ms since 1970): the order service tells people from bots by it. */
  startedAt?: number;
  /**
   * The idempotency key of the order for one quote and what it sends (`orderContent`): sending the same again is
   * the same order; changed lines or details are a new order with a new key.
   */
  orderKey?: { quote: string; content: string; key: string };
  /** The last order the service took, shown until the cart holds a new one. */
  confirmed?: ConfirmedOrder;
  /**
   * The key of the last order confirmed in this browser. Another tab that sent the same order has its answer too,
   * perhaps after this confirmation was dismissed: by the key it confirms nothing twice, and takes no lead out again.
   */
  confirmedKey?: string;
  /**
   * An order sent without an answer that says what became of it (the page was left while it was on its way, or
   * the answer was lost): its key, quote and content, until an answer comes. The page says it may have arrived,
   * and sending the same again goes with this key, so that the service answers with it and orders nothing twice.
   */
  sent?: { quote: string; content: string; key: string };
}

export interface CheckoutState extends StoredCheckout {
  setField: (field: BuyerField, value: string) => void;
  setBusiness: (declared: boolean) => void;
  /** The quote's number for what it says: kept while that stays the same and the quote holds, else a new one. */
  stamp: (content: string, validityDays: number, now?: Date) => QuoteStamp;
  /**
   * The key for sending this content of the order of this quote: the same on every try, in every tab (it is stored
   * with the details, which every tab follows), and that of an order sent without an answer; new when it changed.
   */
  keyFor: (quote: string, content: string) => string;
  /**
   * The service took the order: keep its confirmation and forget the details; the next cart gets a new quote and key.
   * Returns false, changing nothing, when this order (its number, or its key) was confirmed here already: another
   * tab sent the same order with the same key and had the answer first.
   */
  confirm: (order: ConfirmedOrder, key?: string) => boolean;
  dismissConfirmation: () => void;
  /** An order is on its way with this key. */
  markSent: (sent: NonNullable<StoredCheckout['sent']>) => void;
  /** The service answered for this key that it has no order for it. */
  settleSent: (key: string) => void;
  forget: () => void;
}

/** The longest content a quote or key is stored with: no order is longer (the service reads at most 32 kB). */
const MAX_CONTENT_LENGTH = 32 * 1024;

function sanitizeQuote(raw: unknown): QuoteStamp | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { number, date, content } = raw as Record<string, unknown>;
  return typeof number === 'string' &&
    QUOTE_NUMBER_PATTERN.test(number) &&
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    typeof content === 'string' &&
    content.length <= MAX_CONTENT_LENGTH
    ? { number, date, content }
    : undefined;
}

function sanitizeTime(raw: unknown): number | undefined {
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sanitizeOrderKey(raw: unknown): StoredCheckout['orderKey'] {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { quote, content, key } = raw as Record<string, unknown>;
  return typeof quote === 'string' &&
    QUOTE_NUMBER_PATTERN.test(quote) &&
    typeof content === 'string' &&
    content.length <= MAX_CONTENT_LENGTH &&
    typeof key === 'string' &&
    UUID.test(key)
    ? { quote, content, key }
    : undefined;
}

export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set, get) =>
      newestFirst(
        {
          buyer: NEW_BUYER,
          business: false,
          quote: undefined,
          setField(field, value) {
            set({
              buyer: { ...get().buyer, [field]: withoutDirectionControls(value) },
              startedAt: get().startedAt ?? Date.now(),
            });
          },
          setBusiness(business) {
            set({ business });
          },
          stamp(content, validityDays, now = new Date()) {
            const { quote: current, earlierQuotes = [] } = get();
            const issued = current ? [current, ...earlierQuotes] : earlierQuotes;
            const [quote, ...earlier] = stampAmong(content, issued, now, validityDays);
            if (quote !== current) set({ quote, earlierQuotes: earlier });
            return quote!;
          },
          keyFor(quote, content) {
            // An order whose answer never came goes again with the key it went with, also when a change in between
            // (which took another key) was undone.
            const { orderKey: stored, sent } = get();
            if (sent?.quote === quote && sent.content === content) return sent.key;
            if (stored?.quote === quote && stored.content === content) return stored.key;
            const orderKey = { quote, content, key: newOrderKey() };
            set({ orderKey });
            return orderKey.key;
          },
          // The details were kept so that nothing was lost before the order; once it is taken they have done their job,
          // and only the confirmation, with the copy of them it shows, stays until the buyer starts a new order.
          confirm(confirmed, key) {
            const before = get();
            if (before.confirmed?.orderNumber === confirmed.orderNumber) return false;
            if (key !== undefined && before.confirmedKey === key) return false;
            set({
              confirmed,
              confirmedKey: key,
              buyer: NEW_BUYER,
              business: false,
              startedAt: undefined,
              quote: undefined,
              earlierQuotes: undefined,
              orderKey: undefined,
              sent: undefined,
            });
            return true;
          },
          dismissConfirmation() {
            set({ confirmed: undefined });
          },
          markSent(sent) {
            set({ sent });
          },
          settleSent(key) {
            if (get().sent?.key === key) set({ sent: undefined });
          },
          forget() {
            set({
              buyer: NEW_BUYER,
              business: false,
              quote: undefined,
              earlierQuotes: undefined,
              startedAt: undefined,
              orderKey: undefined,
              confirmed: undefined,
              confirmedKey: undefined,
              sent: undefined,
            });
            useCheckoutStore.persist.clearStorage();
          },
        },
        () => void useCheckoutStore.persist.rehydrate(),
      ),
    {
      name: CHECKOUT_STORAGE_KEY,
      version: CHECKOUT_STORAGE_VERSION,
      storage: createSafeStorage<StoredCheckout>(),
      skipHydration: true,
      partialize: ({
        buyer,
        business,
        quote,
        earlierQuotes,
        startedAt,
        orderKey,
        confirmed,
        confirmedKey,
        sent,
      }): StoredCheckout => ({
        buyer,
        business,
        quote,
        earlierQuotes,
        startedAt,
        orderKey,
        confirmed,
        confirmedKey,
        sent,
      }),
      // Another version's details are not read: the buyer types them again rather than sees them garbled.
      migrate: (): StoredCheckout => ({ buyer: NEW_BUYER, business: false }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Record<keyof StoredCheckout, unknown>>;
        return {
          ...current,
          buyer: sanitizeBuyer(stored.buyer),
          // Only a stored `true` is a declaration; anything else (none, from before it existed, a hand-edited value) is not.
          business: stored.business === true,
          quote: sanitizeQuote(stored.quote),
          earlierQuotes: Array.isArray(stored.earlierQuotes)
            ? stored.earlierQuotes
                .map(sanitizeQuote)
                .filter((quote) => quote !== undefined)
                .slice(0, REMEMBERED_QUOTES - 1)
            : undefined,
          startedAt: sanitizeTime(stored.startedAt),
          orderKey: sanitizeOrderKey(stored.orderKey),
          confirmed: sanitizeConfirmation(stored.confirmed),
          confirmedKey:
            typeof stored.confirmedKey === 'string' && UUID.test(stored.confirmedKey)
              ? stored.confirmedKey
              : undefined,
          sent: sanitizeOrderKey(stored.sent),
        };
      },
    },
  ),
);

function onStorage(event: StorageEvent) {
  if (event.key === CHECKOUT_STORAGE_KEY || event.key === null) void useCheckoutStore.persist.rehydrate();
}

/**
 * Loads the stored checkout, and again whenever another tab changes it. Every change of the store writes all of
 * it, so a tab that kept an older copy (details typed in another tab, or forgotten there after an order) would
 * write that copy back with its next change, a new quote number for a changed cart being one. Following every
 * write keeps each tab on the newest details, and keeps one idempotency key for one order in all of them.
 */
export function connectCheckoutStorage(): () => void {
  void useCheckoutStore.persist.rehydrate();
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
