/**
 * Code that loads later, failing: the request for a dialog's, the menu's or
 * the toast's code answers 404, is dropped, or the visitor is offline; or a
 * new deploy removed the file for good. After each fault the page stays, with
 * what the visitor typed, says what happened in a message, and the feature
 * works once the fault is gone, without a reload (or with the reload the
 * message offers after a redeploy, which keeps the cart). And the order form
 * is safe before its code runs: nothing typed is ever sent or put into a URL.
 */
import type { Page, Request, Route } from '@playwright/test';
import { getSite } from '../lib/content';
import {
  cartButton,
  cartDialog,
  categoryRoute,
  checkoutRoute,
  copyOf,
  emailField,
  expect,
  expectOpen,
  fillIn,
  type Lang,
  nameField,
  openCart,
  order,
  orderForm,
  specToast,
  test,
  treppenlifte,
  ui,
} from './support';

// The browser logs each failed request, and the framework the failed chunk load; both are the faults injected here.
test.use({
  expectedConsoleErrors: /Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED|ChunkLoadError/,
});

type Fault = '404' | 'dropped' | 'offline';
const faults: Fault[] = ['offline', '404', 'dropped'];
/**
 * Each fault in one language: the parts and the page are the same in both, and each message's words in both
 * languages are the load notice's, rendered in jest (__tests__/load-notice.test.tsx).
 */
const faultLanguage: Record<Fault, Lang> = { offline: 'de', '404': 'de', dropped: 'en' };

/** Records every file the page asks for, from now on. */
function recordPageFiles(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => files.add(request.url()));
  return files;
}

/**
 * Starts a fault for code that loads later: every file under /_next/static/ that the page has not
 * asked for so far. The returned function ends the fault.
 */
async function inject(page: Page, fault: Fault, pageFiles: Set<string>): Promise<() => Promise<void>> {
  if (fault === 'offline') {
    await page.context().setOffline(true);
    return () => page.context().setOffline(false);
  }
  const loadedWithPage = new Set(pageFiles);
  const isLaterCode = (url: URL) =>
    url.pathname.startsWith('/_next/static/') && !loadedWithPage.has(url.href);
  const handler = (route: Route) =>
    fault === '404' ? route.fulfill({ status: 404, body: 'Not found' }) : route.abort('connectionreset');
  await page.route(isLaterCode, handler);
  return () => page.unroute(isLaterCode, handler);
}

interface Part {
  name: string;
  path: (lang: Lang) => string;
  /** Does what loads the part's code. */
  trigger: (page: Page, lang: Lang) => Promise<void>;
  /** The part is there and working. */
  works: (page: Page, lang: Lang) => Promise<void>;
  /** The message a failure shows, as the part's failure is worded. */
  failure: (lang: Lang) => string;
}

const parts: Part[] = [
  {
    name: 'cart dialog',
    path: (lang) => categoryRoute(treppenlifte, lang),
    trigger: (page, lang) => cartButton(page, lang).click(),
    works: (page, lang) => expectOpen(cartDialog(page, lang), lang),
    failure: (lang) => ui[lang].errors.loadFailed,
  },
  {
    name: 'video dialog',
    path: (lang) => (lang === 'de' ? '/' : '/en'),
    trigger: (page, lang) => page.getByRole('button', { name: ui[lang].home.hero.watchVideo }).click(),
    works: (page, lang) =>
      expectOpen(page.getByRole('dialog', { name: ui[lang].video.title }), lang, ui[lang].video.title),
    failure: (lang) => ui[lang].errors.loadFailed,
  },
  {
    name: 'categories menu',
    path: (lang) => categoryRoute(treppenlifte, lang),
    trigger: (page, lang) =>
      page
        .getByRole('navigation', { name: ui[lang].header.mainNavLabel })
        .getByRole('button', { name: ui[lang].header.categories })
        .click(),
    works: (page) => expect(page.getByRole('menu')).toBeVisible(),
    failure: (lang) => ui[lang].errors.loadFailed,
  },
  {
    name: 'order toast',
    path: (lang) => categoryRoute(treppenlifte, lang),
    trigger: (page, lang) => order(page, lang, { quantity: 1 }),
    works: (page, lang) => expect(page.getByText(specToast[lang].title, { exact: true })).toBeVisible(),
    failure: (lang) => ui[lang].errors.confirmationFailed,
  },
];

const submitButton = (page: Page, lang: Lang) =>
  orderForm(page, lang).getByRole('button', { name: ui[lang].orderForm.submit });

/** The message in the page. */
function notice(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}

async function expectPageIntact(page: Page, lang: Lang, typed?: string) {
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (typed !== undefined) await expect(nameField(orderForm(page, lang), lang)).toHaveValue(typed);
}

for (const lang of ['de', 'en'] as const) {
  const errors = ui[lang].errors;

  for (const fault of faults.filter((candidate) => faultLanguage[candidate] === lang)) {
    test(`${lang}, ${fault}: each part that loads later leaves the page, says so, and works once the fault is gone`, async ({
      page,
    }) => {
      const browserDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        browserDialogs.push(dialog.message());
        void dialog.dismiss();
      });
      // The parts of one page one after the other: each loads its own code, so each meets the fault afresh.
      for (const path of [...new Set(parts.map((part) => part.path(lang)))]) {
        const pageFiles = recordPageFiles(page);
        await page.goto(path);
        // The page's own scripts are in once its buttons work, so what is asked for from now on loads later.
        await expect(cartButton(page, lang)).toBeEnabled();
        const onForm = path === categoryRoute(treppenlifte, lang);
        // The order form's code loads right after the page's; the form has taken over when it can be sent.
        if (onForm) await expect(submitButton(page, lang)).toBeEnabled();
        for (const part of parts.filter((candidate) => candidate.path(lang) === path)) {
          // What a visitor typed before the fault must survive it (the toast's own order resets the form).
          const typed = onForm && part.name !== 'order toast' ? 'Erika Mustermann' : undefined;
          if (typed) await nameField(orderForm(page, lang), lang).fill(typed);

          const end = await inject(page, fault, pageFiles);
          await part.trigger(page, lang);
          await expect(notice(page), `${part.name}: the message`).toContainText(
            fault === 'offline' ? errors.offline : part.failure(lang),
          );
          await expectPageIntact(page, lang, typed);
          if (part.name === 'order toast') {
            // The order itself went through: cart, badge and the form's confirmation do not need the toast.
            await expect(cartButton(page, lang)).toHaveAccessibleName(
              fillIn(ui[lang].header.cartCount, { count: 1 }),
            );
          }

          await end();
          await notice(page).getByRole('button', { name: errors.retry }).click();
          await part.works(page, lang);
          await expect(notice(page)).toHaveCount(0);
          // A dialog or menu hides the rest of the page from assistive technology: close it to look again.
          await page.keyboard.press('Escape');
          await expectPageIntact(page, lang, typed);
        }
      }
      expect(browserDialogs, 'messages in the page, not in window.alert').toEqual([]);
    });
  }

  test(`${lang}: after a redeploy removed the file, the message offers a reload that keeps the cart`, async ({
    page,
  }) => {
    const pageFiles = recordPageFiles(page);
    await page.goto(categoryRoute(treppenlifte, lang));
    await order(page, lang, { quantity: 2 });
    await expect(page.getByText(specToast[lang].title, { exact: true })).toBeVisible();
    await nameField(orderForm(page, lang), lang).fill('Erika Mustermann');

    const end = await inject(page, '404', pageFiles);
    await cartButton(page, lang).click();
    await expect(notice(page)).toContainText(errors.loadFailed);
    // Trying again finds the file gone for good: only a reload helps, and the cart is stored.
    await notice(page).getByRole('button', { name: errors.retry }).click();
    await expect(notice(page)).toContainText(errors.updated);
    await expectPageIntact(page, lang, 'Erika Mustermann');

    await end();
    await notice(page).getByRole('button', { name: errors.reload }).click();
    await expect(cartButton(page, lang)).toHaveAccessibleName(
      fillIn(ui[lang].header.cartCount, { count: 2 }),
    );
    const rows = (await openCart(page, lang)).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('status')).toHaveText('2');
  });
}

test('de: when the order form’s code cannot load, the page says so, keeps what was typed, and the form works after a retry', async ({
  page,
}) => {
  const path = categoryRoute(treppenlifte, 'de');
  const html = await (await page.request.get(path)).text();
  let failing = true;
  // Every script the pre-rendered page does not name itself is code that loads later: its requests drop for
  // now, as on a bad connection. (A file that answers 404 twice is a new deploy, which offers a reload instead:
  // the redeploy test above covers it.)
  await page.route('**/_next/static/**/*.js', (route) =>
    failing && !html.includes(new URL(route.request().url()).pathname)
      ? route.abort('connectionreset')
      : route.continue(),
  );
  await page.goto(path);
  const errors = ui.de.errors;
  await expect(notice(page)).toContainText(errors.loadFailed);
  await nameField(orderForm(page, 'de'), 'de').fill('Erika Mustermann');
  await expect(submitButton(page, 'de')).toBeDisabled();
  await expectPageIntact(page, 'de', 'Erika Mustermann');
  // Entering the field made the page try again by itself; the button waits until that attempt has failed too.
  const retry = notice(page).getByRole('button', { name: errors.retry });
  await expect(retry).toBeEnabled();

  failing = false;
  await retry.click();
  await expect(submitButton(page, 'de')).toBeEnabled();
  await expect(notice(page)).toHaveCount(0);
  await expect(nameField(orderForm(page, 'de'), 'de')).toHaveValue('Erika Mustermann');
  await order(page, 'de', { quantity: 2 });
  await expect(page.getByText(specToast.de.title, { exact: true })).toBeVisible();
  // The cart's own load failed quietly with the rest; opening the cart loads it, and the badge follows.
  await cartButton(page, 'de').click();
  await expect(cartDialog(page, 'de').getByRole('listitem').getByRole('status')).toHaveText('2');
  await page.keyboard.press('Escape');
  await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(ui.de.header.cartCount, { count: 2 }));
});

// ---------------------------------------------------------------------------------------------
// The order form before its code runs
// ---------------------------------------------------------------------------------------------

const site = getSite();
const contact = { name: 'Erika Mustermann', email: 'erika.mustermann@example.com' };

/** Every request and URL that carries what was typed. */
function leaks(requests: Request[], page: Page): string[] {
  const needles = [
    contact.name,
    contact.email,
    encodeURIComponent(contact.email),
    'Erika+Mustermann',
    'Mustermann',
  ];
  const carried = (text: string) => needles.some((needle) => text.includes(needle));
  return [
    ...requests
      .filter((request) => carried(request.url()) || carried(request.postData() ?? ''))
      .map((r) => r.url()),
    ...(carried(page.url()) ? [page.url()] : []),
  ];
}

async function typeAndSubmit(page: Page, lang: Lang) {
  const form = orderForm(page, lang);
  await nameField(form, lang).fill(contact.name);
  await emailField(form, lang).fill(contact.email);
  // Enter in a field submits a form the browser's own way; so would a click on the button.
  await emailField(form, lang).press('Enter');
  await form.getByRole('button', { name: ui[lang].orderForm.submit }).click({ force: true });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['de', 'en'] as const) {
    test(`${lang}: submitting the order form sends nothing, and the page says ordering needs JavaScript`, async ({
      page,
    }) => {
      const path = categoryRoute(treppenlifte, lang);
      await page.goto(path);
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      await typeAndSubmit(page, lang);
      await page.waitForTimeout(500);

      expect(leaks(requests, page)).toEqual([]);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      const note = page
        .getByRole('paragraph')
        .filter({ hasText: fillIn(ui[lang].orderForm.noscript, { email: site.email }) });
      await expect(note).toBeVisible();
      await expect(note.locator('a')).toHaveAttribute('href', `mailto:${site.email}`);
      // The page itself is there: what the category offers, and the way to every other page.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(treppenlifte, lang).h1);
    });
  }
});

/** Holds back every script the page asks for, until the returned function lets them through. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let release = false;
  await page.route('**/_next/static/**/*.js', (route) =>
    release ? route.continue() : void held.push(route),
  );
  return {
    held,
    release: () => {
      release = true;
      return Promise.all(held.map((route) => route.continue()));
    },
  };
}

/**
 * Runs the page's CSS animations a hundred times faster: the words for a browser that never runs the page's code
 * appear after 10 s of an animation's delay (app/globals.css), which the test need not sit through.
 */
async function hurryAnimations(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
}

for (const lang of ['de', 'en'] as const) {
  test(`${lang}: while the page’s code does not arrive, the order form and the checkout say how to order by e-mail, and once it runs they do not`, async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await hurryAnimations(page);
    const mailNote = (template: string) =>
      page.getByRole('paragraph').filter({ hasText: fillIn(template, { email: site.email }) });

    await page.goto(categoryRoute(treppenlifte, lang), { waitUntil: 'domcontentloaded' });
    const formNote = mailNote(ui[lang].orderForm.noscript);
    await expect(formNote).toBeVisible();
    await expect(formNote.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    const form = orderForm(page, lang);
    await expect(form.getByRole('button', { name: ui[lang].orderForm.submit })).toBeDisabled();
    await scripts.release();
    await expect(form.getByRole('button', { name: ui[lang].orderForm.submit })).toBeEnabled();
    await expect(formNote).toBeHidden();

    // The checkout: the note takes the place of "loading your cart", which would never end, in its live region.
    await page.unrouteAll();
    const held = await holdScripts(page);
    await page.goto(checkoutRoute(lang), { waitUntil: 'domcontentloaded' });
    const checkoutNote = mailNote(ui[lang].checkout.noScript);
    await expect(
      page.getByRole('status').filter({ has: checkoutNote }),
      'the note, said as it appears',
    ).toBeVisible();
    await expect(page.getByText(ui[lang].checkout.loading)).toBeHidden();
    await held.release();
    await expect(page.getByText(ui[lang].checkout.empty)).toBeVisible();
    await expect(checkoutNote).toBeHidden();
  });
}

test('until the page’s code has run, the buttons that need it are disabled, and then they work', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const nav = page.getByRole('navigation', { name: ui.de.header.mainNavLabel });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cartButton(page, 'de')).toBeDisabled();
  await expect(nav.getByRole('button', { name: ui.de.header.categories })).toBeDisabled();
  await expect(page.getByRole('button', { name: ui.de.home.hero.watchVideo })).toBeDisabled();

  await expect.poll(() => scripts.held.length, 'the page asked for its scripts').toBeGreaterThan(0);
  await scripts.release();
  await cartButton(page, 'de').click();
  await expectOpen(cartDialog(page, 'de'), 'de');
});

test('submitting the order form while its code is still on the way sends nothing', async ({ page }) => {
  const scripts = await holdScripts(page);
  const path = categoryRoute(treppenlifte, 'de');
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await typeAndSubmit(page, 'de');
  await page.waitForTimeout(500);

  expect(scripts.held.length, 'the page asked for its scripts').toBeGreaterThan(0);
  expect(leaks(requests, page)).toEqual([]);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);

  // Once the code arrives, the form works, and what was typed is still there.
  await scripts.release();
  const form = orderForm(page, 'de');
  await expect(form.getByRole('button', { name: ui.de.orderForm.submit })).toBeEnabled();
  await expect(emailField(form, 'de')).toHaveValue(contact.email);
});
