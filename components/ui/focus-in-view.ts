/**
 * Moves focus to what a step has just shown (the list of problems, the quote, a message) and scrolls it into view.
 * `focus()` scrolls only when the element is out of view at that moment. A keyboard user who tabs to a button far
 * down and presses it at once does so while the page still scrolls smoothly to the button; the list of problems at
 * the top is in view for that instant, so the scroll goes on to the button and leaves focus far above the screen.
 * Stopping a scroll under way first, then scrolling the element into view, ends where the focus is.
 */
export function focusInView(element: HTMLElement | null | undefined) {
  if (!element) return;
  window.scrollTo({ left: window.scrollX, top: window.scrollY, behavior: 'instant' });
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest' });
}
