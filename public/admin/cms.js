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
// field up to the first mark it does not expect, and saves what it read without a word: 1.200 in a field for a
// whole number (a price, a number of days) as 1, 7,5 in a field for a decimal (the VAT rate) as 5.
// - A whole number needs no mark, so its field takes none: the keystroke is dropped, and 1.200 typed arrives as
//   1200; a pasted text with a mark is not taken at all, rather than taken in part.
// - In a decimal's field the comma is the decimal point, which the CMS reads as "."; a text with both marks is
//   not taken, as 1.234,5 has no reading that is surely the editor's.
// The CMS's number fields are spin buttons that ask for the numeric keypad ("numeric") or a decimal one.
document.addEventListener(
  'beforeinput',
  (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.getAttribute('role') !== 'spinbutton') return;
    const text = event.data ?? '';
    if (!text.includes(',') && (field.inputMode !== 'numeric' || !text.includes('.'))) return;
    event.preventDefault();
    if (field.inputMode !== 'decimal' || text.includes('.')) return;
    const point = text.replaceAll(',', '.');
    // As typed, so that the field and its undo history see an ordinary input.
    if (!document.execCommand('insertText', false, point)) {
      field.setRangeText(
        point,
        field.selectionStart ?? field.value.length,
        field.selectionEnd ?? field.value.length,
        'end',
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  },
  true,
);

const { default: CMS } = await import('./sveltia/index.js');
CMS.init();
