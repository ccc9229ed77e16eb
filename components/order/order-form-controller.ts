/**
 * What the order form does once its code has loaded: the live total, the
 * exclusive surcharge, the delivery area's messages, and the order itself.
 * The form is pre-rendered HTML whose fields belong to the browser, so this
 * works on them directly; until it runs, the submit button stays disabled
 * and nothing is sent.
 */
import type { OrderFormCodeStrings } from './order-form-code-strings';
import { MAX_LINES, isValidQuantity, lineName } from '@/lib/cart/rules';
import { connectCartStorage, useCartStore } from '@/lib/cart/store';
import type { PriceList } from '@/lib/categories';
import { fill } from '@/lib/format';
import { intlLocales, type Locale } from '@/lib/i18n';
import { exclusiveSurchargeCents, formatMoney, unitPriceCents } from '@/lib/money';
import {
  AREA_KINDS,
  areaCode,
  DEFAULT_RADIUS_KM,
  isOneOf,
  RADIUS_KM,
  readArea,
  STATE_CODES,
  type AreaField,
  type AreaWords,
} from '@/lib/order/area';
import { annotateFormAsTool } from '@/lib/webmcp';
import { orderFormIds } from './order-form-ids';

/** The words the form's code uses, served as a file that loads with it (lib/lazy-words.ts). */
export interface OrderFormWords {
  strings: OrderFormCodeStrings;
  areaWords: AreaWords;
}

export interface OrderFormOptions extends OrderFormWords {
  locale: Locale;
  categoryId: string;
  /** Translated category name, used for the cart line and the confirmation. */
  categoryName: string;
  /** Base price per lead in whole euros, from the category table. */
  basePrice: number;
  /** Every category's base price, from the category table: the cart prices its lines with them. */
  prices: PriceList;
  /** Confirms an order that went into the cart. */
  onOrdered: (title: string, description: string) => void;
}

const contactFields = ['name', 'email', 'company', 'phone', 'message'] as const;

/** Where each area field's message goes: the kinds, and the panel of each kind. */
const problemSpot: Record<AreaField, 'area' | 'postcodes' | 'radius' | 'states'> = {
  area: 'area',
  postcodes: 'postcodes',
  radiusPostcode: 'radius',
  radiusKm: 'radius',
  states: 'states',
};

/** What a visitor chose for an order, without the contact fields: kept for the tab, so that a reload loses none. */
interface Choices {
  quantity: string;
  exclusive: boolean;
  area: (typeof AREA_KINDS)[number];
  postcodes: string;
  radiusPostcode: string;
  radiusKm: string;
  states: string[];
}

/** A fresh form (spec §4): one lead, not exclusive, all of Germany. */
const FRESH: Choices = {
  quantity: '1',
  exclusive: false,
  area: 'germany',
  postcodes: '',
  radiusPostcode: '',
  radiusKm: String(DEFAULT_RADIUS_KM),
  states: [],
};

/** Stored choices as the form can take them, or `undefined` for anything else (another version, a hand edit). */
function asChoices(value: unknown): Choices | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<keyof Choices, unknown>;
  const short = (text: unknown): text is string => typeof text === 'string' && text.length <= 2_000;
  if (
    !short(v.quantity) ||
    typeof v.exclusive !== 'boolean' ||
    !isOneOf(AREA_KINDS, v.area) ||
    !short(v.postcodes) ||
    !short(v.radiusPostcode) ||
    !isOneOf(RADIUS_KM.map(String), v.radiusKm) ||
    !Array.isArray(v.states) ||
    !v.states.every((code) => isOneOf(STATE_CODES, code))
  )
    return undefined;
  return {
    quantity: v.quantity,
    exclusive: v.exclusive,
    area: v.area,
    postcodes: v.postcodes,
    radiusPostcode: v.radiusPostcode,
    radiusKm: v.radiusKm,
    states: v.states as string[],
  };
}

/** sessionStorage, or nothing where the browser refuses it (storage blocked): the form then just starts fresh. */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Takes the form over; returns what gives it back (the submit button disabled again). */
export function connectOrderForm(form: HTMLFormElement, options: OrderFormOptions): () => void {
  const { locale, basePrice, strings } = options;
  const ids = orderFormIds(options.categoryId);
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const inputsNamed = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)];
  const byId = (id: string) => form.ownerDocument.getElementById(id);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let problem: { inputs: HTMLInputElement[]; message: HTMLElement; described: (string | null)[] } | undefined;
  /** The message that an order with nothing wrong went nowhere, under the button. */
  let notAdded: HTMLElement | undefined;

  const quantity = () => {
    const text = field('quantity').value;
    return text.trim() === '' ? Number.NaN : Number(text);
  };

  /** The total and, while exclusive is ticked, the surcharge note, from the fields as they are. */
  function showChoices() {
    const leads = quantity();
    const valid = isValidQuantity(leads);
    const exclusive = field('exclusive').checked;
    // Written only when it changes: the total is a live region, and a screen reader would say it again at each
    // keystroke in any field.
    const total = byId(ids.total)!;
    const totalText = valid ? formatMoney(unitPriceCents(basePrice, exclusive) * leads, locale) : '–';
    if (total.textContent !== totalText) total.textContent = totalText;
    const shown = byId(ids.exclusiveNote);
    if (!exclusive) {
      shown?.remove();
      return;
    }
    const note = shown ?? document.createElement('p');
    if (!shown) {
      note.id = ids.exclusiveNote;
      note.className = 'mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200';
      byId(ids.exclusiveBox)!.append(note);
    }
    // Without a number of leads there is no surcharge to name, as there is no total.
    const surcharge = valid ? formatMoney(exclusiveSurchargeCents(basePrice, leads), locale) : '–';
    const noteText = fill(strings.exclusiveNote, { surcharge });
    if (note.textContent !== noteText) note.textContent = noteText;
  }

  function clearProblem() {
    notAdded?.remove();
    notAdded = undefined;
    if (!problem) return;
    problem.message.remove();
    problem.inputs.forEach((input, index) => {
      input.removeAttribute('aria-invalid');
      const described = problem!.described[index];
      if (described) input.setAttribute('aria-describedby', described);
      else input.removeAttribute('aria-describedby');
    });
    problem = undefined;
  }

  /** Marks and explains a wrong area field first, then focuses it, so that its message is read with it. */
  function showProblem(fieldName: AreaField, text: string) {
    clearProblem();
    const message = document.createElement('p');
    message.id = ids.areaProblem;
    message.className = 'mt-2 text-sm font-medium text-red-800';
    message.textContent = text;
    byId(ids.problemSpot(problemSpot[fieldName]))!.append(message);
    // The kinds share one message, announced with the first of them.
    const inputs = fieldName === 'area' ? inputsNamed('area').slice(0, 1) : inputsNamed(fieldName);
    const described = inputs.map((input) => input.getAttribute('aria-describedby'));
    inputs.forEach((input, index) => {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', [ids.areaProblem, described[index]].filter(Boolean).join(' '));
    });
    problem = { inputs, message, described };
    // Focus that moves to the field reads the message with it; on a field that has the focus already (Enter pressed
    // in it), nothing would be read, so the message says itself.
    if (inputs[0] && inputs[0] === form.ownerDocument.activeElement) message.setAttribute('role', 'alert');
    inputs[0]?.focus();
  }

  const radiusKm = () => form.elements.namedItem('radiusKm') as HTMLSelectElement;
  function currentChoices(): Choices {
    return {
      quantity: field('quantity').value,
      exclusive: field('exclusive').checked,
      area: (inputsNamed('area').find((radio) => radio.checked)?.value ?? 'germany') as Choices['area'],
      postcodes: field('postcodes').value,
      radiusPostcode: field('radiusPostcode').value,
      radiusKm: radiusKm().value,
      states: inputsNamed('states')
        .filter((box) => box.checked)
        .map((box) => box.value),
    };
  }
  function applyChoices(choices: Choices) {
    field('quantity').value = choices.quantity;
    field('exclusive').checked = choices.exclusive;
    for (const radio of inputsNamed('area')) radio.checked = radio.value === choices.area;
    for (const box of inputsNamed('states')) box.checked = choices.states.includes(box.value);
    field('postcodes').value = choices.postcodes;
    field('radiusPostcode').value = choices.radiusPostcode;
    radiusKm().value = choices.radiusKm;
  }
  /** This tab's copy of the choices, one per category; none while the form is fresh. Never the contact fields. */
  const choicesKey = `leadwerk-order-choices:${options.categoryId}`;
  function keepChoices() {
    const choices = JSON.stringify(currentChoices());
    try {
      if (choices === JSON.stringify(FRESH)) tabStorage()?.removeItem(choicesKey);
      else tabStorage()?.setItem(choicesKey, choices);
    } catch {
      // A full or blocked storage: the choices just do not outlive the page.
    }
  }
  /** After a reload the kept choices come back, unless the visitor (or the browser) changed the form meanwhile. */
  function restoreChoices() {
    // Changed before this code ran: that is what the next reload brings back, not an older copy.
    if (JSON.stringify(currentChoices()) !== JSON.stringify(FRESH)) return keepChoices();
    let stored: Choices | undefined;
    try {
      stored = asChoices(JSON.parse(tabStorage()?.getItem(choicesKey) ?? 'null'));
    } catch {
      stored = undefined;
    }
    if (!stored) return;
    // Put back as the page opens, which is no news to read out: the total speaks again at the next change.
    byId(ids.total)!.setAttribute('aria-live', 'off');
    applyChoices(stored);
  }

  /** Empties the form for the next order: no contact data, one lead, not exclusive, all of Germany (spec §4). */
  function clearForm() {
    for (const name of contactFields) field(name).value = '';
    applyChoices(FRESH);
    keepChoices();
    clearProblem();
    // The reset's total is no news, the confirmation is: a screen reader would say "89,00 €" before it. The total
    // speaks again as soon as the visitor changes something (`speakTotal`).
    byId(ids.total)!.setAttribute('aria-live', 'off');
    showChoices();
  }
  const speakTotal = () => byId(ids.total)?.removeAttribute('aria-live');

  function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const leads = quantity();
    if (!form.checkValidity() || !isValidQuantity(leads)) {
      form.reportValidity();
      return;
    }
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const area = readArea({
      kind: inputsNamed('area').find((radio) => radio.checked)?.value ?? '',
      postcodes: value('postcodes'),
      radiusPostcode: value('radiusPostcode'),
      radiusKm: value('radiusKm'),
      states: inputsNamed('states')
        .filter((box) => box.checked)
        .map((box) => box.value),
    });
    if (!area.ok) {
      const { code, ...values } = area.error;
      showProblem(area.field, fill(strings.areaErrors[code], values));
      return;
    }
    const exclusive = field('exclusive').checked;
    const order = { categoryId: options.categoryId, exclusive, quantity: leads, area: areaCode(area.area) };
    const added = useCartStore.getState().addOrder(order);
    if (added === 0 || added === 'full') {
      // Nothing the buyer typed is wrong, yet the cart took nothing: an order never goes nowhere without a word.
      clearProblem();
      notAdded = document.createElement('p');
      notAdded.setAttribute('role', 'alert');
      notAdded.className = 'text-sm font-medium text-red-800';
      const free = MAX_LINES - useCartStore.getState().items.length;
      notAdded.textContent =
        added !== 'full'
          ? strings.notAdded
          : free > 0
            ? fill(strings.cartRoom, { free: new Intl.NumberFormat(intlLocales[locale]).format(free) })
            : strings.cartFull;
      submit.after(notAdded);
      return;
    }

    const name = lineName(options.categoryName, exclusive, strings.exclusiveSuffix);
    options.onOrdered(strings.toastTitle, fill(strings.toastDescription, { quantity: leads, name }));
    clearForm();
    submit.focus();
  }

  const areaFieldset = byId(ids.areaFieldset)!;
  form.addEventListener('submit', onSubmit);
  // Before showChoices: the change that follows a reset is said again.
  form.addEventListener('input', speakTotal);
  form.addEventListener('change', speakTotal);
  form.addEventListener('input', showChoices);
  form.addEventListener('change', showChoices);
  form.addEventListener('input', keepChoices);
  form.addEventListener('change', keepChoices);
  // Only what the visitor enters clears a message: a text field also fires `change` when it loses focus, which
  // happens when the message moves the focus to the wrong field.
  areaFieldset.addEventListener('input', clearProblem);

  annotateFormAsTool(form, {
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
      states: `${strings.statesLegend}: ${STATE_CODES.map((code) => `${code} = ${options.areaWords.states[code]}`).join(', ')}`,
      exclusive: `${strings.exclusive}: ${strings.exclusiveHint}`,
    },
  });
  // The stored cart is read before anything is added to it.
  const disconnectCart = connectCartStorage(options.prices);
  restoreChoices();
  // A quantity or a tick given before this code ran (or kept from before a reload) counts from the start.
  showChoices();
  submit.disabled = false;

  return () => {
    // The form as it was found: a message this code showed would otherwise stay for good, as the next code to
    // take the form over does not know it.
    clearProblem();
    speakTotal();
    disconnectCart();
    form.removeEventListener('submit', onSubmit);
    form.removeEventListener('input', speakTotal);
    form.removeEventListener('change', speakTotal);
    form.removeEventListener('input', showChoices);
    form.removeEventListener('change', showChoices);
    form.removeEventListener('input', keepChoices);
    form.removeEventListener('change', keepChoices);
    areaFieldset.removeEventListener('input', clearProblem);
    submit.disabled = true;
  };
}
