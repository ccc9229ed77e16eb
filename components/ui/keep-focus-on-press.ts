import type { MouseEvent, PointerEvent } from 'react';

/** The kind of pointer that pressed last: a tap's mousedown comes after its own pointerdown. */
let pressedWith = 'mouse';

/**
 * For the buttons that check the billing details first (the quote, the order, the e-mail order, the copy), spread
 * onto each: pressed with a mouse straight from a field, the field keeps the focus until the click. Otherwise
 * leaving the field shows its problem at once, the message (three lines for a VAT ID) pushes the button down
 * between press and release, and the click is lost. Each button's action then moves the focus where it belongs:
 * to the list of problems, the quote, the box to tick or the confirmation. A tap moves the focus as always, so a
 * phone's keyboard closes; keys reach the button as before.
 */
export const keepFocusOnPress = {
  onPointerDown(event: PointerEvent) {
    pressedWith = event.pointerType;
  },
  onMouseDown(event: MouseEvent) {
    if (event.button === 0 && pressedWith === 'mouse') event.preventDefault();
  },
};
