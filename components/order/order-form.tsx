'use client';

import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import { isValidQuantity, MAX_QUANTITY, MIN_QUANTITY } from '@/lib/cart/quantity';
import type { Dictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { exclusiveSurchargeCents, formatMoney, unitPriceCents } from '@/lib/money';
import type { AreaWords } from '@/lib/order/area';
import {
  AREA_KINDS,
  DEFAULT_RADIUS_KM,
  RADIUS_KM,
  STATE_CODES,
  type AreaField,
  type AreaKind,
} from '@/lib/order/area-choices';
import { annotateFormAsTool } from '@/lib/webmcp';

export interface OrderFormProps {
  locale: Locale;
  categoryId: string;
  /** Translated category name, used for the cart line and the toast. */
  categoryName: string;
  /** Base price per lead in whole euros, from the category table. */
  basePrice: number;
  strings: Dictionary['orderForm'];
  /** The delivery areas in words: the choice "all of Germany" and the federal states. */
  areaWords: AreaWords;
}

type ContactField = 'name' | 'email' | 'company' | 'phone' | 'message';

const contactFields: ContactField[] = ['name', 'email', 'company', 'phone', 'message'];

function fieldOf(form: HTMLFormElement, name: ContactField | 'quantity' | 'exclusive'): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The inputs of a name that several share (the area's kind, the states), or the one input of it. */
function inputsNamed(form: HTMLFormElement, name: string): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)];
}

/** The area fields as the browser has them; the hidden ones count only for their kind. */
function readAreaFields(form: HTMLFormElement, readArea: PlaceOrder['readArea']) {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
  return readArea({
    kind: inputsNamed(form, 'area').find((radio) => radio.checked)?.value ?? '',
    postcodes: value('postcodes'),
    radiusPostcode: value('radiusPostcode'),
    radiusKm: value('radiusKm'),
    states: inputsNamed(form, 'states')
      .filter((box) => box.checked)
      .map((box) => box.value),
  });
}

/** Empties the form for the next order: no contact data, one lead, not exclusive, all of Germany (spec §4). */
function clearForm(form: HTMLFormElement) {
  for (const name of contactFields) fieldOf(form, name).value = '';
  fieldOf(form, 'quantity').value = '1';
  fieldOf(form, 'exclusive').checked = false;
  for (const radio of inputsNamed(form, 'area')) radio.checked = radio.value === 'germany';
  for (const box of inputsNamed(form, 'states')) box.checked = false;
  for (const name of ['postcodes', 'radiusPostcode'] as const)
    (form.elements.namedItem(name) as HTMLInputElement).value = '';
  (form.elements.namedItem('radiusKm') as HTMLSelectElement).value = String(DEFAULT_RADIUS_KM);
}

/** Shows the panel of a kind of area only while its radio is checked: CSS alone, so it works before the script. */
const areaPanel: Record<Exclude<AreaKind, 'germany'>, string> = {
  postcodes: 'hidden group-has-[input[value=postcodes]:checked]/area:block',
  radius: 'hidden group-has-[input[value=radius]:checked]/area:grid',
  states: 'hidden group-has-[input[value=states]:checked]/area:block',
};

interface AreaProblem {
  field: AreaField;
  message: string;
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
/** The cart and the area's rules load after the page's code (the cart button asks for the same); an order waits for them. */
const placeOrder = lazyModule(() => import('./place-order'));
type PlaceOrder = typeof import('./place-order');

/**
 * Orders leads of one category into the cart. The contact fields stay in
 * this component's state: they are never stored and never sent.
 */
export function OrderForm({
  locale,
  categoryId,
  categoryName,
  basePrice,
  strings,
  areaWords,
}: OrderFormProps) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [exclusive, setExclusive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The order never waits for the toast: the cart, the badge and the live region work without it.
  const toastCode = useLazy(orderToast, { what: 'confirmation' });
  const orderCode = useLazy(placeOrder);
  const { preload: preloadOrderCode } = orderCode;
  useEffect(() => preloadOrderCode(), [preloadOrderCode]);
  const Toaster = toastCode.loaded?.OrderToaster;
  const submitRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [areaProblem, setAreaProblem] = useState<AreaProblem | null>(null);

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
        area: `${strings.areaLegend}: ${AREA_KINDS.join(' | ')}`,
        postcodes: `${strings.postcodesLabel} (${strings.postcodesHint})`,
        radiusPostcode: `${strings.radiusPostcode} (${strings.radiusPostcodeHint})`,
        radiusKm: `${strings.radiusKm}: ${RADIUS_KM.join(' | ')} km`,
        states: `${strings.statesLegend}: ${STATE_CODES.map((code) => `${code} = ${areaWords.states[code]}`).join(', ')}`,
        exclusive: `${strings.exclusive}: ${strings.exclusiveHint}`,
      },
    });
  }, [strings, areaWords]);

  // A wrong area is marked and explained first, then focused, so that its message is read with it.
  useEffect(() => {
    if (!areaProblem || !formRef.current) return;
    const field = inputsNamed(formRef.current, areaProblem.field)[0];
    field?.focus();
  }, [areaProblem]);

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
    orderCode.request((code) => addToCart(form, code));
  }

  function addToCart(form: HTMLFormElement, { areaCode, lineName, readArea, useCartStore }: PlaceOrder) {
    // The form as it is now: a second click while the code was on the way finds it emptied by the first order.
    const leads = Number(fieldOf(form, 'quantity').value);
    const exclusive = fieldOf(form, 'exclusive').checked;
    if (!form.checkValidity() || !isValidQuantity(leads)) return;
    const area = readAreaFields(form, readArea);
    if (!area.ok) {
      const { code, ...values } = area.error;
      setAreaProblem({ field: area.field, message: fill(strings.areaErrors[code], values) });
      return;
    }
    const order = { categoryId, exclusive, quantity: leads, area: areaCode(area.area) };
    if (useCartStore.getState().addOrder(order) === 0) return;

    const name = lineName(categoryName, exclusive, strings.exclusiveSuffix);
    const description = fill(strings.toastDescription, { quantity: leads, name });
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
  /** An area field's hint and, while it is wrong, its message. */
  const problemId = `${id}-area-problem`;
  const areaField = (field: AreaField, hint?: string) => {
    const wrong = areaProblem?.field === field;
    return {
      'aria-invalid': wrong || undefined,
      'aria-describedby': [wrong ? problemId : '', hint ?? ''].filter(Boolean).join(' ') || undefined,
    };
  };
  const problemFor = (...fields: AreaField[]) =>
    areaProblem && fields.includes(areaProblem.field) ? (
      <p id={problemId} className="mt-2 text-sm font-medium text-red-800">
        {areaProblem.message}
      </p>
    ) : null;
  const kindLabel: Record<AreaKind, string> = {
    germany: areaWords.germany,
    postcodes: strings.areaPostcodes,
    radius: strings.areaRadius,
    states: strings.areaStates,
  };
  const choice =
    'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:font-medium';

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
        <fieldset
          className="group/area"
          aria-describedby={`${id}-area-hint`}
          onChange={() => setAreaProblem(null)}
        >
          <legend className={label}>{strings.areaLegend}</legend>
          <p id={`${id}-area-hint`} className="text-xs text-slate-600">
            {strings.areaHint}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {AREA_KINDS.map((kind) => (
              <label key={kind} className={choice}>
                <input
                  type="radio"
                  name="area"
                  value={kind}
                  defaultChecked={kind === 'germany'}
                  {...(kind === 'germany' ? areaField('area') : {})}
                  className="accent-brand-700 size-5 shrink-0"
                />
                {kindLabel[kind]}
              </label>
            ))}
          </div>
          {problemFor('area')}
          <div className={`mt-3 ${areaPanel.postcodes}`}>
            <label htmlFor={`${id}-postcodes`} className={label}>
              {strings.postcodesLabel}
            </label>
            <input
              id={`${id}-postcodes`}
              name="postcodes"
              type="text"
              autoComplete="off"
              spellCheck={false}
              {...areaField('postcodes', `${id}-postcodes-hint`)}
              className={input}
            />
            <p id={`${id}-postcodes-hint`} className="mt-1 text-xs text-slate-600">
              {strings.postcodesHint}
            </p>
            {problemFor('postcodes')}
          </div>
          <div className={`mt-3 gap-3 sm:grid-cols-[1fr_auto] ${areaPanel.radius}`}>
            <div>
              <label htmlFor={`${id}-radiusPostcode`} className={label}>
                {strings.radiusPostcode}
              </label>
              <input
                id={`${id}-radiusPostcode`}
                name="radiusPostcode"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                {...areaField('radiusPostcode', `${id}-radius-hint`)}
                className={`${input} max-w-40`}
              />
              <p id={`${id}-radius-hint`} className="mt-1 text-xs text-slate-600">
                {strings.radiusPostcodeHint}
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-radiusKm`} className={label}>
                {strings.radiusKm}
              </label>
              <select
                id={`${id}-radiusKm`}
                name="radiusKm"
                defaultValue={String(DEFAULT_RADIUS_KM)}
                {...areaField('radiusKm')}
                className={`${input} max-w-40`}
              >
                {RADIUS_KM.map((km) => (
                  <option key={km} value={km}>
                    {fill(strings.radiusOption, { km })}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:col-span-2">{problemFor('radiusPostcode', 'radiusKm')}</div>
          </div>
          <fieldset className={`mt-3 ${areaPanel.states}`}>
            <legend className={label}>{strings.statesLegend}</legend>
            <div className="mt-1 grid grid-cols-1 gap-x-3 min-[420px]:grid-cols-2">
              {STATE_CODES.map((code) => (
                <label
                  key={code}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-900"
                >
                  <input
                    type="checkbox"
                    name="states"
                    value={code}
                    {...areaField('states')}
                    className="accent-brand-700 size-5 shrink-0"
                  />
                  {areaWords.states[code]}
                </label>
              ))}
            </div>
            {problemFor('states')}
          </fieldset>
        </fieldset>
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
