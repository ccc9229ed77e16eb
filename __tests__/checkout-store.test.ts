/**
 * The checkout's details in several tabs of one browser: each checkout page keeps its own copy of them in memory,
 * and every change writes the whole copy to the one storage they share. Each tab here is its own copy of the store
 * (as each browser tab loads its own), and the test delivers the browser's `storage` event to them the way the
 * browser does after a write in another tab. The page's behaviour in two real tabs is in e2e/checkout.spec.ts.
 */
import { waitFor } from '@testing-library/react';
import { NEW_BUYER, type BuyerField } from '@/lib/checkout/buyer';
import type { ConfirmedOrder } from '@/lib/checkout/confirmation';
import { CHECKOUT_STORAGE_KEY } from '@/lib/checkout/store';
import { getSite } from '@/lib/content';
import { german } from '@/testing/buyers';

type StoreModule = typeof import('@/lib/checkout/store');

const validityDays = getSite().facts.quoteValidityDays;
const stops: (() => void)[] = [];

/** A checkout page opened in a new tab: its own store, which reads the storage and follows other tabs' writes. */
async function openTab() {
  let store!: StoreModule;
  jest.isolateModules(() => {
    store = jest.requireActual<StoreModule>('@/lib/checkout/store');
  });
  stops.push(store.connectCheckoutStorage());
  await waitFor(() => expect(store.useCheckoutStore.persist.hasHydrated()).toBe(true));
  return store.useCheckoutStore.getState;
}

/** The browser tells the other tabs that a tab wrote the checkout's storage. */
function otherTabsHear() {
  window.dispatchEvent(new StorageEvent('storage', { key: CHECKOUT_STORAGE_KEY }));
}

function typeDetails(tab: Awaited<ReturnType<typeof openTab>>) {
  for (const [field, value] of Object.entries(german)) tab().setField(field as BuyerField, value);
  tab().setBusiness(true);
}

/** What a checkout opened now would show. */
async function storedNow() {
  const tab = await openTab();
  return { buyer: tab().buyer, business: tab().business };
}

/** The content of an order (lines, details, language), as `orderContent` makes it. */
const content = JSON.stringify({ lines: [{ category: 'treppenlifte', quantity: 2 }], buyer: german });

beforeEach(() => localStorage.clear());

afterEach(() => {
  while (stops.length > 0) stops.pop()!();
});

describe('the checkout in several tabs', () => {
  it('keeps the details typed in one tab when another, opened before, changes anything', async () => {
    const typedIn = await openTab();
    const openedBefore = await openTab();

    typeDetails(typedIn);
    otherTabsHear();
    // The cart changed (in any tab): every open checkout stamps its quote anew, which writes its whole copy.
    openedBefore().stamp('another cart', validityDays);
    otherTabsHear();

    expect(openedBefore().buyer).toEqual({ ...NEW_BUYER, ...german });
    expect(await storedNow()).toEqual({ buyer: { ...NEW_BUYER, ...german }, business: true });
  });

  it('keeps what is typed in one tab while another is still answering its last write', async () => {
    const typedIn = await openTab();
    const other = await openTab();

    const [first, ...rest] = Object.entries(german) as [BuyerField, string][];
    typedIn().setField(...first!);
    otherTabsHear();
    // The other tab stamps a quote for the details it heard of. The browser has not yet told it of the fields typed
    // meanwhile: their events wait behind the work the first one started.
    for (const [field, value] of rest) typedIn().setField(field, value);
    other().stamp('the details with the first field', validityDays);
    otherTabsHear();

    expect(typedIn().buyer).toEqual({ ...NEW_BUYER, ...german });
    expect((await storedNow()).buyer).toEqual({ ...NEW_BUYER, ...german });
  });

  it('writes no forgotten details back once one tab has ordered', async () => {
    const orderedIn = await openTab();
    typeDetails(orderedIn);
    // Opened once the details were typed: it has them.
    const other = await openTab();
    expect(other().business).toBe(true);

    const quote = orderedIn().stamp(content, validityDays);
    const confirmed: ConfirmedOrder = {
      orderNumber: 'LW-20261126-000042',
      orderedOn: quote.date,
      quote: { number: quote.number, date: quote.date },
      items: [
        { id: '0', category: 'treppenlifte', exclusive: false, area: 'germany', quantity: 2, price: 4900 },
      ],
      buyer: { ...NEW_BUYER, ...german },
      vatRate: 19,
    };
    orderedIn().confirm(confirmed);
    otherTabsHear();
    // The other tab's cart changes after the order, and its checkout stamps a quote for it.
    other().stamp('another cart', validityDays);
    otherTabsHear();

    expect(await storedNow()).toEqual({ buyer: NEW_BUYER, business: false });
    expect(orderedIn().confirmed?.orderNumber).toBe(confirmed.orderNumber);
  });

  it('sends one order from every tab with the same key', async () => {
    const first = await openTab();
    const second = await openTab();
    typeDetails(first);
    otherTabsHear();

    // The first tab sends and never hears the answer; the buyer orders again from the second.
    const sent = first().stamp(content, validityDays);
    const key = first().keyFor(sent.number, content);
    otherTabsHear();
    const again = second().stamp(content, validityDays);

    expect(again.number).toBe(sent.number);
    expect(second().keyFor(again.number, content)).toBe(key);
    // Other lines or details are another order, with another key, in this tab as in the other.
    expect(second().keyFor(again.number, `${content} `)).not.toBe(key);
  });
});
