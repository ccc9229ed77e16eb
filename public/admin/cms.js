// Starts the editors' CMS, served from this site (bundled from the @sveltia/cms package by scripts/cms.ts).
// It reads its configuration from the <link rel="cms-config-url"> in index.html.
import { groupedDigits, isDigits, isMark } from './number-text.js';

// The CMS asks GitHub's status page whether GitHub is up, on its sign-in screen and every few minutes,
// and has no setting to leave that out. Before anyone signs in, /admin contacts no other site: the
// answer here is "no known incident", and GitHub's own errors still reach the editor when they happen.
const statusPage = 'https://www.githubstatus.com/';
const fetchFromNetwork = window.fetch.bind(window);
window.fetch = (input, init) =>
  String(input instanceof Request ? input.url : input).startsWith(statusPage)
    ? Promise.resolve(
        new Response(JSON.stringify({ status: { indicator: 'none' } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    : fetchFromNetwork(input, init);

// German editors write twelve hundred as 1.200 and seven and a half as 7,5. The CMS reads the text of a number
// field as JavaScript reads a number, and saves what it read without a word: 1.200 in a field for a whole number
// (a price, a number of days) as 1; a text with a comma is no number to it, so it empties the field and keeps
// what is typed next: 7,5 becomes 5, and a price typed as 89,50 becomes 50.
// - In a field for a whole number a typed point is a thousands mark, so it is dropped: 1.200 typed arrives as
//   1200. A typed comma starts cents, which the field cannot hold: it is dropped, and so are the digits typed
//   right after it, so 89,50 arrives as 89, which is what the field then shows (dropping the comma alone would
//   make 8950). A pasted or dropped text is taken only when each of its marks sets off a group of three digits
//   (1.200 or 1,240 from an English page); 89,50 or 1.5 is not taken at all, rather than taken wrongly.
// - In a decimal's field the comma is the decimal point, which the CMS reads as "."; a text with both marks is
//   not taken, as 1.234,5 has no reading that is surely the editor's.
// The CMS's number fields are spin buttons that ask for the numeric keypad ("numeric") or a decimal one. Text an
// input method is still composing cannot be changed before it arrives; the CMS then reads it as typed.

/** A whole number's field just after a typed comma: its text and caret then, as digits typed there are cents. */
const centsAt = new WeakMap();
/** Inserts text as typed, so that the field and its undo history see an ordinary input. */
function insert(field, text) {
  if (text === '') {
    // A dropped mark typed over a selection still replaces it, as any key does.
    if (field.selectionStart !== field.selectionEnd && document.activeElement === field)
      document.execCommand('delete');
    return;
  }
  if (document.activeElement === field && document.execCommand('insertText', false, text)) return;
  field.setRangeText(
    text,
    field.selectionStart ?? field.value.length,
    field.selectionEnd ?? field.value.length,
    'end',
  );
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

document.addEventListener(
  'beforeinput',
  (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.getAttribute('role') !== 'spinbutton') return;
    if (event.isComposing || !event.cancelable) return;
    const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
    if (field.inputMode === 'decimal') {
      if (!text.includes(',')) return;
      event.preventDefault();
      if (!text.includes('.')) insert(field, text.replaceAll(',', '.'));
      return;
    }
    if (field.inputMode !== 'numeric') return;
    const typed = event.inputType === 'insertText' && text.length === 1;
    const cents = centsAt.get(field);
    centsAt.delete(field);
    const atCents =
      cents?.value === field.value &&
      cents.caret === field.selectionStart &&
      cents.caret === field.selectionEnd;
    // Cents typed one key at a time, or put in at once by a keyboard that sends a word whole.
    if (atCents && isDigits(text)) {
      event.preventDefault();
      centsAt.set(field, cents);
      return;
    }
    if (![...text].some(isMark)) return;
    event.preventDefault();
    if (!typed) {
      const digits = groupedDigits(text);
      if (digits !== undefined) insert(field, digits);
      return;
    }
    insert(field, '');
    if (text === ',') centsAt.set(field, { value: field.value, caret: field.selectionStart });
  },
  true,
);
// Moved away from where the comma was typed, the editor types whole euros again.
const caretKeys = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
document.addEventListener(
  'keydown',
  (event) => caretKeys.has(event.key) && centsAt.delete(event.target),
  true,
);
for (const type of ['focusout', 'pointerdown'])
  document.addEventListener(type, (event) => centsAt.delete(event.target), true);

const { default: CMS } = await import('./sveltia/index.js');
CMS.init();
