'use client';

import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
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

const emptyContact = { name: '', email: '', company: '', phone: '', message: '' };

/**
 * Orders leads of one category into the cart. The contact fields stay in
 * this component's state: they are never stored and never sent.
 */
export function OrderForm({ locale, categoryId, categoryName, basePrice, strings }: OrderFormProps) {
  const id = useId();
  const addOrder = useCartStore((state) => state.addOrder);
  const [contact, setContact] = useState(emptyContact);
  const [quantity, setQuantity] = useState('1');
  const [exclusive, setExclusive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The toast's code arrives with the first order (see order-toast.tsx).
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

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

  const field = (key: keyof typeof emptyContact) => ({
    id: `${id}-${key}`,
    name: key,
    value: contact[key],
    onChange: (event: { target: { value: string } }) =>
      setContact((current) => ({ ...current, [key]: event.target.value })),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.checkValidity() || !quantityIsValid) {
      form.reportValidity();
      return;
    }
    const added = addOrder({ categoryId, exclusive, quantity: parsedQuantity });
    if (added === 0) return;

    const name = categoryName + (exclusive ? strings.exclusiveSuffix : '');
    const description = fill(strings.toastDescription, { quantity: parsedQuantity, name });
    void import('./order-toast').then(({ OrderToaster, showOrderToast }) => {
      setToaster(() => OrderToaster);
      showOrderToast(strings.toastTitle, description);
    });
    const message = `${strings.toastTitle} ${description}`;
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

    setContact(emptyContact);
    setQuantity('1');
    setExclusive(false);
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
            value={quantity}
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
              checked={exclusive}
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
          className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white"
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
