// Starts the editors' CMS, served from this site (bundled from the @sveltia/cms package by scripts/cms.ts).
// It reads its configuration from the <link rel="cms-config-url"> in index.html.
//
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
// - In a field for a whole number a point is a thousands mark, so it is dropped: 1.200 typed arrives as 1200. A
//   comma starts cents, which the field cannot hold: it is dropped, and so are the digits typed right after it,
//   so 89,50 arrives as 89, which is what the field then shows (dropping the comma alone would make 8950). A
//   pasted text is read the same way.
// - In a decimal's field the comma is the decimal point, which the CMS reads as "."; a text with both marks is
//   not taken, as 1.234,5 has no reading that is surely the editor's.
// The CMS's number fields are spin buttons that ask for the numeric keypad ("numeric") or a decimal one. Text an
// input method is still composing cannot be changed before it arrives; the CMS then reads it as typed.

/** For a whole number's field after a comma was typed: where the caret stood, as digits typed there are cents. */
const centsAt = new WeakMap();
const isDigits = (text) => text !== '' && [...text].every((char) => char >= '0' && char <= '9');

/** Inserts text as typed, so that the field and its undo history see an ordinary input. */
function insert(field, text) {
  if (text === '' || document.execCommand('insertText', false, text)) return;
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
    const text = event.data ?? '';
    if (field.inputMode === 'decimal') {
      if (!text.includes(',')) return;
      event.preventDefault();
      if (!text.includes('.')) insert(field, text.replaceAll(',', '.'));
      return;
    }
    const caret = field.selectionStart;
    const inCents = centsAt.get(field) === caret && caret === field.selectionEnd;
    centsAt.delete(field);
    if (inCents && isDigits(text)) {
      event.preventDefault();
      centsAt.set(field, caret);
      return;
    }
    if (!text.includes('.') && !text.includes(',')) return;
    event.preventDefault();
    const [whole = '', cents] = text.split(',');
    insert(field, whole.replaceAll('.', ''));
    if (cents === '') centsAt.set(field, field.selectionStart);
  },
  true,
);
document.addEventListener('focusout', (event) => centsAt.delete(event.target), true);

const { default: CMS } = await import('./sveltia/index.js');
CMS.init();
