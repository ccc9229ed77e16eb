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

// German editors write twelve hundred as 1.200. In a field for a whole number (a price, a number of days) the CMS
// reads that as 1 and saves it without a word. A whole number needs no mark, so such a field takes none: the
// keystroke is dropped, and 1.200 typed arrives as 1200; a pasted text with a mark is not taken at all, rather
// than taken in part. The CMS's number fields are spin buttons, those for whole numbers with the numeric keypad
// (inputmode "numeric"); those for decimals (the VAT rate, the rating) ask for "decimal" and are left alone.
document.addEventListener(
  'beforeinput',
  (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.getAttribute('role') !== 'spinbutton') return;
    if (field.inputMode !== 'numeric') return;
    const text = event.data ?? '';
    if (text.includes('.') || text.includes(',')) event.preventDefault();
  },
  true,
);

const { default: CMS } = await import('./sveltia/index.js');
CMS.init();
