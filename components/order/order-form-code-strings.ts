import type { Dictionary } from '@/lib/content';

/**
 * The words of the order form that its code uses (messages, the confirmation, the agents' tool description): only
 * these travel to the browser as the code's props. The labels, notes and button text are in the form's HTML already.
 */
export const orderFormCodeStrings = [
  'name',
  'email',
  'company',
  'phone',
  'message',
  'quantity',
  'quantityHint',
  'areaLegend',
  'postcodesLabel',
  'postcodesHint',
  'radiusPostcode',
  'radiusPostcodeHint',
  'radiusKm',
  'statesLegend',
  'areaErrors',
  'exclusive',
  'exclusiveHint',
  'exclusiveNote',
  'exclusiveSuffix',
  'toastTitle',
  'toastDescription',
  'notAdded',
  'cartFull',
  'cartRoom',
  'toolDescription',
] as const satisfies readonly (keyof Dictionary['orderForm'])[];

export type OrderFormCodeStrings = Pick<Dictionary['orderForm'], (typeof orderFormCodeStrings)[number]>;

/** The words the code needs, picked from all of the form's words. */
export function pickOrderFormCodeStrings(strings: Dictionary['orderForm']): OrderFormCodeStrings {
  return Object.fromEntries(orderFormCodeStrings.map((key) => [key, strings[key]])) as OrderFormCodeStrings;
}
