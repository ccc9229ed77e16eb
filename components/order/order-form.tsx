'use client';

import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import { isValidQuantity, MAX_QUANTITY, MIN_QUANTITY } from '@/lib/cart/rules';
import { useCartStore } from '@/lib/cart/store';
import type { Dictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { exclusiveSurchargeCents, formatMoney, unitPriceCents } from '@/lib/money';
import { annotateFormAsTool } from '@/lib/webmcp';

export interface OrderFormProps {
  locale: Locale;
  categoryId: string;
  /** Translated category name, used for the cart line and the toast. */
  categoryName: string;
  /** Base price per lead in whole euros, from the category table. */
  basePrice: number;
  strings: Dictionary['orderForm'];
}

type ContactField = 'name' | 'email' | 'company' | 'phone' | 'message';

const contactFields: ContactField[] = ['name', 'email', 'company', 'phone', 'message'];

function fieldOf(form: HTMLFormElement, name: ContactField | 'quantity' | 'exclusive'): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** Empties the form for the next order: no contact data, one lead, not exclusive (spec §4). */
function clearForm(form: HTMLFormElement) {
  for (const name of contactFields) fieldOf(form, name).value = '';
  fieldOf(form, 'quantity').value = '1';
  fieldOf(form, 'exclusive').checked = false;
}

const subscribeToNothing = () => () => {};

/**
 * False in the pre-rendered HTML and until React has hydrated the form, true
 * after. Until then the submit button is disabled: a browser would otherwise
 * submit the form itself, as a GET to this page with the contact data in the
 * URL, and into the server's logs and the browser's history.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The toast library arrives with the first order; pages where nobody orders never load it. */
const orderToast = lazyModule(() => import('./order-toast'));

/**
 * Orders leads of one category into the cart. The contact fields stay in
 * this component's state: they are never stored and never sent.
 */
export function OrderForm({ locale, categoryId, categoryName, basePrice, strings }: OrderFormProps) {
  const id = useId();
  const addOrder = useCartStore((state) => state.addOrder);
  const [quantity, setQuantity] = useState('1');
  const [exclusive, setExclusive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The order never waits for the toast: the cart, the badge and the live region work without it.
  const toastCode = useLazy(orderToast, { what: 'confirmation' });
  const Toaster = toastCode.loaded?.OrderToaster;
  const submitRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  /** Quantity and exclusivity drive the live total: state mirrors the fields, which the browser owns. */
  function mirrorChoices(form: HTMLFormElement) {
    setQuantity(fieldOf(form, 'quantity').value);
    setExclusive(fieldOf(form, 'exclusive').checked);
  }

  // A quantity or a tick given before the page's code ran counts from the start.
  useEffect(() => {
    if (formRef.current) mirrorChoices(formRef.current);
  }, []);

  useEffect(() => {
    if (!formRef.current) return;
    annotateFormAsTool(formRef.current, {
      name: 'add_leads_to_cart',
      description: strings.toolDescription,
      params: {
        name: strings.name,
        email: strings.email,
        company: strings.company,
        phone: strings.phone,
        message: strings.message,
        quantity: `${strings.quantity} (${strings.quantityHint})`,
        exclusive: `${strings.exclusive}: ${strings.exclusiveHint}`,
      },
    });
  }, [strings]);

  const parsedQuantity = quantity.trim() === '' ? Number.NaN : Number(quantity);
  const quantityIsValid = isValidQuantity(parsedQuantity);
  const total = quantityIsValid ? unitPriceCents(basePrice, exclusive) * parsedQuantity : null;
  const surcharge = exclusiveSurchargeCents(basePrice, quantityIsValid ? parsedQuantity : 1);

  // The fields are the browser's own (uncontrolled): what a visitor typed before the page's code ran stays
  // when React takes over. Contact data never enters React state, storage or a request.
  const field = (key: ContactField) => ({ id: `${id}-${key}`, name: key });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.checkValidity() || !quantityIsValid) {
      form.reportValidity();
      return;
    }
    const added = addOrder({ categoryId, exclusive, quantity: parsedQuantity });
    if (added === 0) return;

    const name = exclusive ? `${categoryName} ${strings.exclusiveSuffix}` : categoryName;
    const description = fill(strings.toastDescription, { quantity: parsedQuantity, name });
    toastCode.request(({ showOrderToast }) => showOrderToast(strings.toastTitle, description));
    const message = `${strings.toastTitle} ${description}`;
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

    clearForm(form);
    mirrorChoices(form);
    submitRef.current?.focus();
  }

  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';
  const label = 'block text-sm font-medium text-slate-800';
  const required = (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );

  return (
    <>
      <form onSubmit={handleSubmit} aria-label={strings.formLabel} ref={formRef} className="space-y-4">
        <p className="text-xs text-slate-600">{strings.requiredNote}</p>
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            {strings.name}
            {required}
          </label>
          <input {...field('name')} type="text" required autoComplete="name" className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            {strings.email}
            {required}
          </label>
          <input {...field('email')} type="email" required autoComplete="email" className={input} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-company`} className={label}>
              {strings.company}
            </label>
            <input {...field('company')} type="text" autoComplete="organization" className={input} />
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className={label}>
              {strings.phone}
            </label>
            <input {...field('phone')} type="tel" autoComplete="tel" className={input} />
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-message`} className={label}>
            {strings.message}
          </label>
          <textarea {...field('message')} rows={3} className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-quantity`} className={label}>
            {strings.quantity}
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            required
            defaultValue="1"
            onChange={(event) => setQuantity(event.target.value)}
            aria-describedby={`${id}-quantity-hint`}
            className={`${input} max-w-32`}
          />
          <p id={`${id}-quantity-hint`} className="mt-1 text-xs text-slate-600">
            {strings.quantityHint}
          </p>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <div className="flex items-start gap-3">
            <input
              id={`${id}-exclusive`}
              name="exclusive"
              type="checkbox"
              defaultChecked={false}
              onChange={(event) => setExclusive(event.target.checked)}
              aria-describedby={`${id}-exclusive-hint`}
              className="accent-brand-700 mt-0.5 size-5 shrink-0 rounded border-slate-400"
            />
            <div>
              <label htmlFor={`${id}-exclusive`} className="text-sm font-medium text-slate-900">
                {strings.exclusive}
              </label>
              <p id={`${id}-exclusive-hint`} className="text-xs text-slate-600">
                {strings.exclusiveHint}
              </p>
            </div>
          </div>
          {exclusive && (
            <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {fill(strings.exclusiveNote, { surcharge: formatMoney(surcharge, locale) })}
            </p>
          )}
        </div>
        <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
          <span className="font-semibold text-slate-900" id={`${id}-total-label`}>
            {strings.total}
          </span>
          <span className="text-right">
            <output
              htmlFor={`${id}-quantity ${id}-exclusive`}
              aria-labelledby={`${id}-total-label`}
              className="block text-2xl font-bold text-slate-900 tabular-nums"
            >
              {total === null ? '–' : formatMoney(total, locale)}
            </output>
            <span className="text-xs text-slate-600">{strings.netNote}</span>
          </span>
        </div>
        <button
          ref={submitRef}
          type="submit"
          disabled={!hydrated}
          className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          <ShoppingCartIcon className="size-5" aria-hidden="true" />
          {strings.submit}
        </button>
        <p className="text-xs leading-5 text-slate-600">{strings.privacyNote}</p>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </form>
      {Toaster && <Toaster />}
    </>
  );
}
