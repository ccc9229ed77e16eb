import { preload } from 'react-dom';
import { MAX_QUANTITY, MIN_QUANTITY } from '@/lib/cart/rules';
import type { Dictionary } from '@/lib/content';
import { wordsPath } from '@/lib/lazy-words';
import { fill } from '@/lib/format';
import { formatMoney, unitPriceCents } from '@/lib/money';
import {
  AREA_KINDS,
  DEFAULT_RADIUS_KM,
  RADIUS_KM,
  STATE_CODES,
  type AreaKind,
  type AreaWords,
} from '@/lib/order/area';
import { OrderFormCode, type OrderFormCodeProps } from './order-form-code';
import { orderFormIds } from './order-form-ids';
import { Icon } from '@/components/ui/icon';

/** The form's props: what its code needs (the category, its price, the price list), and the form's words. */
export type OrderFormProps = Omit<OrderFormCodeProps, 'words'> & {
  strings: Dictionary['orderForm'];
  areaWords: AreaWords;
};

/** Shows the panel of a kind of area only while its radio is checked: CSS alone, so it works before the script. */
const areaPanel: Record<Exclude<AreaKind, 'germany'>, string> = {
  postcodes: 'hidden group-has-[input[value=postcodes]:checked]/area:block',
  radius: 'hidden group-has-[input[value=radius]:checked]/area:grid',
  states: 'hidden group-has-[input[value=states]:checked]/area:block',
};

// Component classes (app/globals.css): the form repeats each of them up to twenty times.
const input = 'field';
const label = 'field-label';
const choice = 'area-choice';

const required = (
  <span aria-hidden="true" className="text-red-700">
    {' '}
    *
  </span>
);

/**
 * Orders leads of one category into the cart: the form as pre-rendered HTML,
 * whose fields belong to the browser (what a visitor types before the code
 * runs stays). Its code (`OrderFormCode`) loads after the page's first
 * scripts; until it runs, the submit button is disabled: a browser would
 * otherwise submit the form itself, as a GET to this page with the contact
 * data in the URL, and into the server's logs and the browser's history.
 * The contact fields are never stored and never sent.
 */
export function OrderForm(props: OrderFormProps) {
  const { locale, categoryId, basePrice, strings, areaWords } = props;
  const words = wordsPath('order-form', locale);
  // The form's code fetches its words the moment it runs (`fetchWords`, a same-origin `fetch`): they are on their
  // way before it arrives.
  preload(words, { as: 'fetch', crossOrigin: 'anonymous' });
  const ids = orderFormIds(categoryId);
  const { base } = ids;
  const field = (key: 'name' | 'email' | 'company' | 'phone' | 'message') => ({
    id: ids.field(key),
    name: key,
  });
  const kindLabel: Record<AreaKind, string> = {
    germany: areaWords.germany,
    postcodes: strings.areaPostcodes,
    radius: strings.areaRadius,
    states: strings.areaStates,
  };

  return (
    <form aria-label={strings.formLabel} className="space-y-4">
      <p className="text-xs text-slate-600">{strings.requiredNote}</p>
      <div>
        <label htmlFor={`${base}-name`} className={label}>
          {strings.name}
          {required}
        </label>
        <input {...field('name')} type="text" required autoComplete="name" className={input} />
      </div>
      <div>
        <label htmlFor={`${base}-email`} className={label}>
          {strings.email}
          {required}
        </label>
        <input {...field('email')} type="email" required autoComplete="email" className={input} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${base}-company`} className={label}>
            {strings.company}
          </label>
          <input {...field('company')} type="text" autoComplete="organization" className={input} />
        </div>
        <div>
          <label htmlFor={`${base}-phone`} className={label}>
            {strings.phone}
          </label>
          <input {...field('phone')} type="tel" autoComplete="tel" className={input} />
        </div>
      </div>
      <div>
        <label htmlFor={`${base}-message`} className={label}>
          {strings.message}
        </label>
        <textarea {...field('message')} rows={3} className={input} />
      </div>
      <fieldset id={ids.areaFieldset} className="group/area" aria-describedby={`${base}-area-hint`}>
        <legend className={label}>{strings.areaLegend}</legend>
        <p id={`${base}-area-hint`} className="text-xs text-slate-600">
          {strings.areaHint}
        </p>
        <div className="mt-2 grid gap-2 min-[25rem]:grid-cols-2">
          {AREA_KINDS.map((kind) => (
            <label key={kind} className={choice}>
              <input
                type="radio"
                name="area"
                value={kind}
                defaultChecked={kind === 'germany'}
                className="check"
              />
              {kindLabel[kind]}
            </label>
          ))}
        </div>
        <div id={ids.problemSpot('area')} />
        <div className={`mt-3 ${areaPanel.postcodes}`}>
          <label htmlFor={`${base}-postcodes`} className={label}>
            {strings.postcodesLabel}
          </label>
          <input
            id={`${base}-postcodes`}
            name="postcodes"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${base}-postcodes-hint`}
            className={input}
          />
          <p id={`${base}-postcodes-hint`} className="mt-1 text-xs text-slate-600">
            {strings.postcodesHint}
          </p>
          <div id={ids.problemSpot('postcodes')} />
        </div>
        <div className={`mt-3 gap-3 sm:grid-cols-[1fr_auto] ${areaPanel.radius}`}>
          <div>
            <label htmlFor={`${base}-radiusPostcode`} className={label}>
              {strings.radiusPostcode}
            </label>
            <input
              id={`${base}-radiusPostcode`}
              name="radiusPostcode"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={`${base}-radius-hint`}
              className={`${input} max-w-40`}
            />
            <p id={`${base}-radius-hint`} className="mt-1 text-xs text-slate-600">
              {strings.radiusPostcodeHint}
            </p>
          </div>
          <div>
            <label htmlFor={`${base}-radiusKm`} className={label}>
              {strings.radiusKm}
            </label>
            <select
              id={`${base}-radiusKm`}
              name="radiusKm"
              defaultValue={String(DEFAULT_RADIUS_KM)}
              className={`${input} max-w-40`}
            >
              {RADIUS_KM.map((km) => (
                <option key={km} value={km}>
                  {fill(strings.radiusOption, { km })}
                </option>
              ))}
            </select>
          </div>
          <div id={ids.problemSpot('radius')} className="sm:col-span-2" />
        </div>
        <fieldset className={`mt-3 ${areaPanel.states}`}>
          <legend className={label}>{strings.statesLegend}</legend>
          <div className="mt-1 grid grid-cols-1 gap-x-3 min-[420px]:grid-cols-2">
            {STATE_CODES.map((code) => (
              <label key={code} className="choice">
                <input type="checkbox" name="states" value={code} className="check" />
                {areaWords.states[code]}
              </label>
            ))}
          </div>
          <div id={ids.problemSpot('states')} />
        </fieldset>
      </fieldset>
      <div>
        <label htmlFor={`${base}-quantity`} className={label}>
          {strings.quantity}
        </label>
        <input
          id={`${base}-quantity`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          required
          defaultValue="1"
          aria-describedby={`${base}-quantity-hint`}
          className={`${input} max-w-32`}
        />
        <p id={`${base}-quantity-hint`} className="mt-1 text-xs text-slate-600">
          {strings.quantityHint}
        </p>
      </div>
      <div id={ids.exclusiveBox} className="rounded-lg bg-slate-50 p-3">
        <div className="flex items-start gap-3">
          <input
            id={`${base}-exclusive`}
            name="exclusive"
            type="checkbox"
            defaultChecked={false}
            aria-describedby={`${base}-exclusive-hint`}
            className="accent-brand-700 mt-0.5 size-5 shrink-0 rounded border-slate-400"
          />
          <div>
            <label htmlFor={`${base}-exclusive`} className="text-sm font-medium text-slate-900">
              {strings.exclusive}
            </label>
            <p id={`${base}-exclusive-hint`} className="text-xs text-slate-600">
              {strings.exclusiveHint}
            </p>
          </div>
        </div>
      </div>
      <div className="flex items-baseline justify-between border-t border-slate-200 pt-4">
        <span className="font-semibold text-slate-900" id={ids.totalLabel}>
          {strings.total}
        </span>
        <span className="text-right">
          <output
            id={ids.total}
            htmlFor={`${base}-quantity ${base}-exclusive`}
            aria-labelledby={ids.totalLabel}
            className="block text-2xl font-bold text-slate-900 tabular-nums"
          >
            {formatMoney(unitPriceCents(basePrice, false), locale)}
          </output>
          <span className="text-xs text-slate-600">{strings.netNote}</span>
        </span>
      </div>
      <button
        type="submit"
        disabled
        className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Icon name="shopping-cart" className="size-5" />
        {strings.submit}
      </button>
      <p className="text-xs leading-5 text-slate-600">{strings.privacyNote}</p>
      <OrderFormCode
        locale={locale}
        categoryId={categoryId}
        categoryName={props.categoryName}
        basePrice={basePrice}
        prices={props.prices}
        words={words}
      />
    </form>
  );
}
