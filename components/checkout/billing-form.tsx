'use client';

import { useState, type RefObject } from 'react';
import {
  BUYER_FIELDS,
  MAX_LENGTHS,
  OPTIONAL_FIELDS,
  type BuyerField,
  type BuyerProblems,
} from '@/lib/checkout/buyer';
import type { OrderWords } from '@/lib/checkout/order';
import { useCheckoutStore } from '@/lib/checkout/store';
import { problemMessage } from '@/lib/checkout/messages';
import { fill } from '@/lib/format';
import { keepFocusOnPress } from '@/components/ui/keep-focus-on-press';

interface BillingFormProps {
  words: OrderWords;
  countries: { code: string; name: string }[];
  /** The sales address, for a buyer whose country is not in the list. */
  email: string;
  problems: BuyerProblems;
  /** The fields whose problem is shown. */
  shown: ReadonlySet<BuyerField>;
  onLeave: (field: BuyerField) => void;
  /** The stored details were deleted: no field's problem, nor the list of them, shows until the buyer goes on. */
  onForget: () => void;
  summaryShown: boolean;
  /** The missing declaration to order as a business, named last in the list of problems and linked to its box. */
  declaration?: { href: string; message: string };
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The button that shows the quote, where focus goes back when the quote is closed. */
  quoteButtonRef: RefObject<HTMLButtonElement | null>;
  onQuote: () => void;
}

const autoComplete: Record<BuyerField, string> = {
  company: 'organization',
  name: 'name',
  email: 'email',
  phone: 'tel',
  street: 'address-line1',
  postcode: 'postal-code',
  city: 'address-level2',
  country: 'country',
  vatId: 'off',
  poNumber: 'off',
  // Only for another address than the contact's: autofill would put the same one here, and onto the quote.
  invoiceEmail: 'off',
};
const inputType: Partial<Record<BuyerField, string>> = {
  phone: 'tel',
};
/**
 * The addresses are text fields with the e-mail keyboard, not `type="email"`: Chromium hands such a field's value
 * over with the domain in punycode, so `info@müller-bau.de` would stand as `info@xn--mller-bau-q9a.de` on the quote
 * and the confirmation. The address is checked by its rules either way (lib/checkout/buyer.ts).
 */
const address = {
  inputMode: 'email',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;
const addresses: ReadonlySet<BuyerField> = new Set(['email', 'invoiceEmail']);
const hinted = ['country', 'vatId', 'poNumber', 'invoiceEmail'] as const;

/** The order the form asks in: the country before the address, since it decides how the postcode is read. */
const FORM_ORDER: readonly BuyerField[] = BUYER_FIELDS.flatMap((field): BuyerField[] =>
  field === 'street' ? ['country', 'street'] : field === 'country' ? [] : [field],
);

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-hidden aria-invalid:border-red-700';

/**
 * The billing details. Each keystroke goes to this browser's storage (and nowhere else); a field's problem
 * shows once the buyer leaves it, and every problem, listed with links to its field, when they ask for the
 * quote or the order.
 */
export function BillingForm({
  words,
  countries,
  email,
  problems,
  shown,
  onLeave,
  onForget,
  summaryShown,
  declaration,
  summaryRef,
  quoteButtonRef,
  onQuote,
}: BillingFormProps) {
  const { strings } = words;
  const buyer = useCheckoutStore((state) => state.buyer);
  const setField = useCheckoutStore((state) => state.setField);
  const [forgotten, setForgotten] = useState(false);
  const id = (field: BuyerField) => `billing-${field}`;
  const visible = FORM_ORDER.filter((field) => shown.has(field) && problems[field]);

  function field(name: BuyerField) {
    const problem = shown.has(name) ? problems[name] : undefined;
    const described = [
      problem && `${id(name)}-problem`,
      (hinted as readonly string[]).includes(name) && `${id(name)}-hint`,
    ].filter(Boolean);
    const common = {
      id: id(name),
      name,
      value: buyer[name],
      required: !OPTIONAL_FIELDS.has(name),
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      autoComplete: autoComplete[name],
      onBlur: () => onLeave(name),
      className: input,
    };
    return (
      <div
        key={name}
        className={
          name === 'postcode' ? 'sm:col-span-1' : name === 'city' ? 'sm:col-span-2' : 'sm:col-span-3'
        }
      >
        <label htmlFor={id(name)} className="block text-sm font-medium text-slate-800">
          {strings.fields[name]}
          {OPTIONAL_FIELDS.has(name) ? (
            <span className="font-normal text-slate-600"> ({strings.optional})</span>
          ) : (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
        {name === 'country' ? (
          // The list holds only countries the shop invoices and always has one chosen: `required` would ask
          // for an empty first option, so the requirement is stated to assistive technology instead.
          <select
            {...common}
            required={false}
            aria-required="true"
            onChange={(event) => {
              setField(name, event.target.value);
              // The country decides how the postcode and the VAT ID are read: those filled in are checked anew, so a
              // postcode that no longer fits says so now, not only once the buyer has passed its field again.
              for (const dependent of ['postcode', 'vatId'] as const)
                if (buyer[dependent].trim() !== '') onLeave(dependent);
            }}
          >
            {countries.map(({ code, name: label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={inputType[name] ?? 'text'}
            {...(addresses.has(name) ? address : {})}
            maxLength={MAX_LENGTHS[name]}
            onChange={(event) => {
              setForgotten(false);
              setField(name, event.target.value);
            }}
          />
        )}
        {(hinted as readonly string[]).includes(name) && (
          <p id={`${id(name)}-hint`} className="mt-1 text-xs text-slate-600">
            {fill(strings.hints[name as (typeof hinted)[number]], { email })}
          </p>
        )}
        {problem && (
          <p id={`${id(name)}-problem`} className="mt-1 text-sm font-medium text-red-800">
            {problemMessage(name, problem, buyer, words)}
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="text-xl font-semibold text-slate-900">
        {strings.detailsHeading}
      </h2>
      <p className="mt-1 text-xs text-slate-600">{strings.requiredNote}</p>
      {summaryShown && visible.length > 0 && (
        // Read once per try, as focus moves to it, by its name. No live region: its messages quote what was typed,
        // so one would read the whole list again at every keystroke, and on a try once more beside the focus.
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="group"
          aria-labelledby="billing-problems"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 focus:outline-none"
        >
          <p id="billing-problems" className="font-semibold">
            {strings.errors.summary}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {visible.map((name) => (
              <li key={name}>
                <a href={`#${id(name)}`} className="underline">
                  {problemMessage(name, problems[name]!, buyer, words)}
                </a>
              </li>
            ))}
            {declaration && (
              <li>
                <a href={declaration.href} className="underline">
                  {declaration.message}
                </a>
              </li>
            )}
          </ul>
        </div>
      )}
      <form
        noValidate
        aria-labelledby="billing-heading"
        className="mt-4 grid gap-4 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          onQuote();
        }}
      >
        {FORM_ORDER.map(field)}
        <div className="sm:col-span-3">
          <button
            ref={quoteButtonRef}
            type="submit"
            {...keepFocusOnPress}
            className="text-brand-800 ring-brand-700 hover:bg-brand-50 min-h-11 w-full rounded-lg px-4 py-2.5 font-semibold ring-1"
          >
            {strings.quoteButton}
          </button>
          <p className="mt-2 text-xs text-slate-600">{strings.quoteHint}</p>
        </div>
      </form>
      <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <p>{strings.storageNote}</p>
        <button
          type="button"
          onClick={() => {
            useCheckoutStore.getState().forget();
            onForget();
            setForgotten(true);
          }}
          className="mt-2 min-h-11 font-semibold text-slate-900 underline"
        >
          {strings.forget}
        </button>
        <p role="status" className="mt-1 font-medium text-emerald-800">
          {forgotten ? strings.forgotten : ''}
        </p>
      </div>
    </section>
  );
}
