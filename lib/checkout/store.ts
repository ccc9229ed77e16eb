'use client';

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createSafeStorage } from '../cart/storage';
import { NEW_BUYER, sanitizeBuyer, type Buyer, type BuyerField } from './buyer';
import { QUOTE_NUMBER_PATTERN, stampFor, type QuoteStamp } from './quote';

/**
 * The checkout's billing details and the current quote's number, kept in this browser's localStorage only
 * (the page says so), so that a reload or a change of language loses nothing. They leave the browser only
 * in the order the buyer sends. `forget` deletes them.
 */
export const CHECKOUT_STORAGE_KEY = 'leadwerk-checkout';
const CHECKOUT_STORAGE_VERSION = 1;

interface StoredCheckout {
  buyer: Buyer;
  quote?: QuoteStamp;
}

export interface CheckoutState extends StoredCheckout {
  setField: (field: BuyerField, value: string) => void;
  /** The quote's number for this cart: kept while the cart stays the same and the quote holds, else a new one. */
  stamp: (cart: string, validityDays: number, now?: Date) => QuoteStamp;
  forget: () => void;
}

function sanitizeQuote(raw: unknown): QuoteStamp | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { number, date, cart } = raw as Record<string, unknown>;
  return typeof number === 'string' &&
    QUOTE_NUMBER_PATTERN.test(number) &&
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    typeof cart === 'string'
    ? { number, date, cart }
    : undefined;
}

export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set, get) => ({
      buyer: NEW_BUYER,
      quote: undefined,
      setField(field, value) {
        set({ buyer: { ...get().buyer, [field]: value } });
      },
      stamp(cart, validityDays, now = new Date()) {
        const quote = stampFor(cart, get().quote, now, validityDays);
        if (quote !== get().quote) set({ quote });
        return quote;
      },
      forget() {
        set({ buyer: NEW_BUYER, quote: undefined });
        useCheckoutStore.persist.clearStorage();
      },
    }),
    {
      name: CHECKOUT_STORAGE_KEY,
      version: CHECKOUT_STORAGE_VERSION,
      storage: createSafeStorage<StoredCheckout>(),
      skipHydration: true,
      partialize: ({ buyer, quote }): StoredCheckout => ({ buyer, quote }),
      // Another version's details are not read: the buyer types them again rather than sees them garbled.
      migrate: (): StoredCheckout => ({ buyer: NEW_BUYER }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Record<keyof StoredCheckout, unknown>>;
        return { ...current, buyer: sanitizeBuyer(stored.buyer), quote: sanitizeQuote(stored.quote) };
      },
    },
  ),
);
