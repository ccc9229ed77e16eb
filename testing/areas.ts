/** Delivery areas the tests of the area rules and of the order form share. */
import { MAX_POSTCODE_ENTRIES } from '../lib/order/area';

/**
 * The longest list of postcodes a delivery area takes: as many five-digit ranges as it allows, none touching
 * another, sorted, each written with `dash` (a buyer types `-`; the page writes `–`).
 */
export function longestPostcodeList(dash: '-' | '–'): string {
  return Array.from(
    { length: MAX_POSTCODE_ENTRIES },
    (_, index) => `${10000 + 4 * index}${dash}${10001 + 4 * index}`,
  ).join(', ');
}
