import type { MouseEvent } from 'react';

/**
 * For the buttons that check the billing details first (the quote, the order, the e-mail order): pressed with a
 * mouse straight from a field, the field keeps the focus until the click. Otherwise leaving the field shows its
 * problem at once, the message (three lines for a VAT ID) pushes the button down between press and release, and
 * the click is lost. Each button's action then moves the focus where it belongs: to the list of problems, the
 * quote, the box to tick or the confirmation. Keys and touch reach the button as before.
 */
export function keepFocusOnPress(event: MouseEvent) {
  if (event.button === 0) event.preventDefault();
}
