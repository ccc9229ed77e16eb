/**
 * Issue 6: security and privacy as a visitor (and a crawler) meets them.
 * Runs against the header-applying server (scripts/serve.mjs reads out/_headers),
 * so the Content-Security-Policy and the other headers are the ones a CDN sends.
 */
import { expect, test, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';
import { allPages, pagePath } from '../lib/i18n';
import {
  acceptAlerts,
  cartButton,
  cartDialog,
  categories,
  categoryRoute,
  copyOf,
  emailField,
  euros,
  expectOpen,
  fillIn,
  looseText,
  nameField,
  order,
  orderForm,
  quantityField,
  exclusiveBox,
  sitePages,
  treppenlifte,
  ui,
  type Category,
  type Lang,
} from './support';

/** The storage key and format DESIGN.md and the issue name: cart lines only, with a version number. */
const CART_KEY = 'leadwerk-cart';
const VIDEO_HOST = /(^|\.)youtube-nocookie\.com$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const NOT_FOUND_PATH = '/diese-seite-gibt-es-nicht';

/** The 28 pages, from the router table. */
const sitePaths = allPages().map((page) => ({ path: pagePath(page), lang: page.locale }));

function isThirdParty(url: string): boolean {
  const parsed = new URL(url);
  return /^(https?|wss?):$/.test(parsed.protocol) && !LOCAL_HOSTS.has(parsed.hostname);
}

// ---------------------------------------------------------------------------------------------
// Watchers
// ---------------------------------------------------------------------------------------------

interface Watch {
  /** Console messages that report a CSP violation, from any page of the context. */
  cspConsole: string[];
  /** Every request to a host other than localhost that the browser attempted (all were aborted). */
  thirdParty: string[];
  /** Uncaught errors in the page. */
  pageErrors: string[];
  /** `securitypolicyviolation` events recorded on the current document so far. */
  cspEvents: (page: Page) => Promise<string[]>;
}

/**
 * Records CSP violations (console and `securitypolicyviolation` events, via an init script that
 * keeps them on `window`), page errors and third-party requests. Third-party requests are aborted,
 * so no test ever reaches the real network.
 */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  await context.addInitScript(() => {
    const target = window as unknown as { __cspViolations: string[] };
    target.__cspViolations = [];
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        target.__cspViolations.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || location.href}:${event.lineNumber}`,
        );
      },
      true,
    );
  });
  const result: Watch = {
    cspConsole: [],
    thirdParty: [],
    pageErrors: [],
    cspEvents: (current) =>
      current.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      result.cspConsole.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => result.pageErrors.push(`${page.url()}: ${error.message}`));
  context.on('request', (request) => {
    if (isThirdParty(request.url())) result.thirdParty.push(request.url());
  });
  await context.route(
    (url) => isThirdParty(url.href),
    (route) => route.abort('blockedbyclient'),
  );
  return result;
}

/** Asserts that the current document has seen no CSP violation, by event or console message. */
async function expectNoCspViolations(page: Page, watcher: Watch, where: string) {
  expect(await watcher.cspEvents(page), `securitypolicyviolation events on ${where}`).toEqual([]);
  expect(watcher.cspConsole, `CSP console messages up to ${where}`).toEqual([]);
}

/** Scrolls through the whole page, so lazy content and link prefetching start, then lets the network settle. */
async function scrollToBottom(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
  await page.waitForLoadState('networkidle');
}

// ---------------------------------------------------------------------------------------------
// Header checks
// ---------------------------------------------------------------------------------------------

/** `default-src 'self'; script-src 'self' 'sha256-…'` → Map { 'default-src' => ["'self'"], … }. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The security headers every HTML response must carry (issue 6). */
function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers['content-security-policy'];
  expect(csp, `${where}: Content-Security-Policy header`).toBeTruthy();
  const directives = parseCsp(csp!);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, `${where}: script-src`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    expect(scriptSrc, `${where}: script-src allows ${unsafe}`).not.toContain(unsafe);
  }
  expect(directives.get('frame-ancestors'), `${where}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('object-src'), `${where}: object-src`).toEqual(["'none'"]);
  const frameSrc = directives.get('frame-src') ?? [];
  expect(frameSrc, `${where}: frame-src`).toHaveLength(1);
  const frameOrigin = new URL(frameSrc[0]!);
  expect(frameOrigin.protocol, `${where}: frame-src scheme`).toBe('https:');
  expect(frameOrigin.hostname, `${where}: frame-src host`).toMatch(VIDEO_HOST);
  expect(frameOrigin.pathname, `${where}: frame-src is a bare origin`).toBe('/');

  const hsts = headers['strict-transport-security'] ?? '';
  expect(Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0), `${where}: HSTS max-age`).toBeGreaterThanOrEqual(
    15_552_000,
  );
  expect(headers['x-content-type-options'], `${where}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${where}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  const permissions = (headers['permissions-policy'] ?? '').split(',').map((entry) => entry.trim());
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
    expect(permissions, `${where}: Permissions-Policy ${feature}`).toContain(feature);
  }
  expect(headers['cross-origin-opener-policy'], `${where}: Cross-Origin-Opener-Policy`).toMatch(
    /^same-origin(-allow-popups)?$/,
  );
}

/** HTML must be revalidated, so a new deploy (with new script hashes in the CSP) is seen at once. */
function expectRevalidatingHtml(headers: Record<string, string>, where: string) {
  const cacheControl = headers['cache-control'] ?? '';
  expect(cacheControl, `${where}: Cache-Control`).toMatch(/\b(no-cache|must-revalidate)\b/);
  expect(cacheControl, `${where}: Cache-Control`).not.toMatch(/\bimmutable\b/);
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl)?.[1];
  if (maxAge !== undefined) expect(Number(maxAge), `${where}: HTML max-age`).toBe(0);
}

/** Records the Cache-Control of every `/_next/static/` response. */
function watchStaticAssets(page: Page): Map<string, string> {
  const seen = new Map<string, string>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (LOCAL_HOSTS.has(url.hostname) && url.pathname.startsWith('/_next/static/')) {
      seen.set(url.pathname, response.headers()['cache-control'] ?? '(none)');
    }
  });
  return seen;
}

/** Every link that leaves the site: opens a new tab or points at another host. */
async function externalLinks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((link) => {
        if (link.target === '_blank') return true;
        if (!/^https?:$/.test(link.protocol)) return false;
        return !['localhost', '127.0.0.1', '[::1]'].includes(link.hostname);
      })
      .map((link) => ({ href: link.href, rel: link.rel.split(/\s+/).filter(Boolean) })),
  );
}

async function expectSafeExternalLinks(page: Page, where: string, { atLeast }: { atLeast: number }) {
  const links = await externalLinks(page);
  expect(links.length, `${where}: external links found`).toBeGreaterThanOrEqual(atLeast);
  for (const link of links) {
    expect(link.rel, `${where}: rel of ${link.href}`).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 1 + 2: every page — headers, CSP in use, nothing third-party, safe external links
// ---------------------------------------------------------------------------------------------

test.describe('every page', () => {
  test('the router table yields the 28 pages of the spec', () => {
    expect(sitePaths).toHaveLength(28);
    // The same routes DESIGN.md spells out, written independently of lib/i18n.ts in e2e/support.ts.
    expect(sitePaths.map((entry) => entry.path).sort()).toEqual(sitePages.map((entry) => entry.path).sort());
  });

  // Seven pages per test: four tests that share the two CI cores.
  const groups = (['de', 'en'] as const).flatMap((lang) => {
    const paths = sitePaths.filter((entry) => entry.lang === lang).map((entry) => entry.path);
    const half = Math.ceil(paths.length / 2);
    return [
      { label: `${lang} ${paths[0]} …`, paths: paths.slice(0, half) },
      { label: `${lang} ${paths[half]} …`, paths: paths.slice(half) },
    ];
  });

  for (const { label, paths } of groups) {
    test(`${label}: ${paths.length} pages send the security headers, load with zero CSP violations and talk to no third party`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      const watcher = await watch(context, page);
      const staticAssets = watchStaticAssets(page);

      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const headers = await response!.allHeaders();
        expectSecurityHeaders(headers, path);
        expectRevalidatingHtml(headers, path);

        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await scrollToBottom(page);

        await expectNoCspViolations(page, watcher, path);
        expect(watcher.thirdParty, `third-party requests on ${path}`).toEqual([]);
        // Contact in the header and the four company pages in the footer, at least.
        await expectSafeExternalLinks(page, path, { atLeast: 5 });
      }

      expect(watcher.pageErrors).toEqual([]);
      expect(staticAssets.size, 'hashed assets were loaded').toBeGreaterThan(0);
      for (const [asset, cacheControl] of staticAssets) {
        expect(cacheControl, `Cache-Control of ${asset}`).toBe('public, max-age=31536000, immutable');
      }
    });
  }

  test('the 404 page sends the same headers, loads with zero CSP violations and talks to no third party', async ({
    page,
    context,
  }) => {
    const watcher = await watch(context, page);
    const response = await page.goto(NOT_FOUND_PATH);
    expect(response?.status()).toBe(404);
    const headers = await response!.allHeaders();
    expectSecurityHeaders(headers, NOT_FOUND_PATH);
    expectRevalidatingHtml(headers, NOT_FOUND_PATH);

    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await scrollToBottom(page);

    await expectNoCspViolations(page, watcher, NOT_FOUND_PATH);
    expect(watcher.thirdParty).toEqual([]);
    expect(watcher.pageErrors).toEqual([]);
    await expectSafeExternalLinks(page, NOT_FOUND_PATH, { atLeast: 0 });
  });

  test('the policy is enforced: an injected inline script is refused and reported', async ({
    page,
    context,
  }) => {
    const watcher = await watch(context, page);
    await page.goto(categoryRoute(treppenlifte, 'de'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
    });
    await expect.poll(() => watcher.cspEvents(page)).toEqual([expect.stringMatching(/^script-src/)]);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    await expect.poll(() => watcher.cspConsole.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// 1 + 2: the CSP holds while the site is used; the video is the only third party, after consent
// ---------------------------------------------------------------------------------------------

test.describe('in use', () => {
  test('ordering, the cart, checkout and the categories menu cause zero CSP violations', async ({
    page,
    context,
  }) => {
    const watcher = await watch(context, page);
    const dict = ui.de;
    const name = copyOf(treppenlifte, 'de').name;
    await page.goto(categoryRoute(treppenlifte, 'de'));

    await order(page, 'de', { quantity: 2 });
    await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 2 }));

    await cartButton(page, 'de').click();
    const dialog = cartDialog(page, 'de');
    await expectOpen(dialog, 'de');
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await dialog
      .getByRole('button', { name: fillIn(dict.cart.increase, { name }) })
      .first()
      .click();
    await expect(dialog.getByText(euros(3 * treppenlifte.price, 'de'), { exact: true })).toBeVisible();
    await dialog
      .getByRole('button', { name: fillIn(dict.cart.decrease, { name }) })
      .last()
      .click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByText(euros(2 * treppenlifte.price, 'de'), { exact: true })).toBeVisible();

    const alerts = acceptAlerts(page);
    await dialog.getByRole('button', { name: dict.cart.checkout }).click();
    await expect.poll(() => alerts).toEqual([{ type: 'alert', message: dict.cart.checkoutAlert }]);
    await dialog.getByRole('button', { name: dict.cart.close }).click();
    await expect(dialog).toBeHidden();

    const nav = page.getByRole('navigation', { name: dict.header.mainNavLabel });
    await nav.getByRole('button', { name: dict.header.categories }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(categories.length + 1);
    // Client-side navigation from the menu keeps within the policy too.
    const kanzlei = categories.find((category) => category.id === 'kanzlei')!;
    await menu.getByRole('menuitem', { name: copyOf(kanzlei, 'de').name, exact: true }).click();
    await expect(page).toHaveURL(categoryRoute(kanzlei, 'de'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(kanzlei, 'de').h1);

    await expectNoCspViolations(page, watcher, 'the category page in use');
    expect(watcher.thirdParty).toEqual([]);
    expect(watcher.pageErrors).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    test(`${lang} home: the video dialog reaches youtube-nocookie only after "load video", with zero CSP violations`, async ({
      page,
      context,
    }) => {
      const watcher = await watch(context, page);
      const dict = ui[lang];
      await page.goto(lang === 'de' ? '/' : '/en');
      await scrollToBottom(page);
      await page.evaluate(() => window.scrollTo(0, 0));

      await page.getByRole('button', { name: dict.home.hero.watchVideo }).click();
      const dialog = page.getByRole('dialog', { name: dict.video.title });
      await expectOpen(dialog, lang, dict.video.title);
      await expect(dialog.getByText(dict.video.consent)).toBeVisible();
      await expect(dialog.locator('iframe')).toHaveCount(0);
      expect(watcher.thirdParty, 'nothing third-party before consent').toEqual([]);

      await dialog.getByRole('button', { name: dict.video.load }).click();
      await expect(dialog.locator('iframe')).toHaveAttribute('title', dict.video.title);
      await expect
        .poll(() => watcher.thirdParty.length, { message: 'the player was requested' })
        .toBeGreaterThan(0);
      for (const url of watcher.thirdParty) {
        const parsed = new URL(url);
        expect(parsed.protocol, url).toBe('https:');
        expect(parsed.hostname, url).toMatch(VIDEO_HOST);
      }

      await dialog.getByRole('button', { name: dict.video.close }).click();
      await expect(dialog).toBeHidden();
      await expectNoCspViolations(page, watcher, `${lang} home with the video`);
      expect(watcher.pageErrors).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 2: privacy — no cookies, storage holds cart lines only, the form says nothing is sent
// ---------------------------------------------------------------------------------------------

const contact = {
  name: 'Quirinus Zwoelfhaupt',
  email: 'quirinus.zwoelfhaupt@beispiel-mail.example',
  company: 'Zwoelfhaupt Sondermaschinen KG',
  phone: '+49 30 4711 0815 2342',
  message: 'Rueckruf bitte nach 17 Uhr wegen Quastenflosser',
};

/** Every key and value in localStorage and sessionStorage. */
async function storageDump(page: Page) {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => storage.key(index)!).map((key) => [
          key,
          storage.getItem(key),
        ]),
      );
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
}

function expectNoContactData(dump: unknown, where: string) {
  const text = JSON.stringify(dump).toLowerCase();
  const needles = [
    ...Object.values(contact),
    'Quirinus',
    'Zwoelfhaupt',
    'Quastenflosser',
    '4711 0815',
    '47110815',
  ];
  for (const needle of needles) {
    expect(text.includes(needle.toLowerCase()), `${where}: storage holds "${needle}"`).toBe(false);
  }
}

async function fillContact(form: Locator, lang: Lang, values: typeof contact) {
  const dict = ui[lang].orderForm;
  await nameField(form, lang).fill(values.name);
  await emailField(form, lang).fill(values.email);
  await form.getByRole('textbox', { name: dict.company, exact: true }).fill(values.company);
  await form.getByRole('textbox', { name: dict.phone, exact: true }).fill(values.phone);
  await form.getByRole('textbox', { name: dict.message, exact: true }).fill(values.message);
}

test.describe('privacy', () => {
  test('after a full purchase there are no cookies and storage holds only cart lines, never contact data', async ({
    page,
    context,
  }) => {
    const watcher = await watch(context, page);
    const dict = ui.de;
    const name = `${copyOf(treppenlifte, 'de').name}${dict.orderForm.exclusiveSuffix}`;
    await page.goto(categoryRoute(treppenlifte, 'de'));

    const form = orderForm(page, 'de');
    await fillContact(form, 'de', contact);
    await quantityField(form, 'de').fill('2');
    await exclusiveBox(form, 'de').check();
    await form.getByRole('button', { name: dict.orderForm.submit }).click();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 2 }));
    await expect(nameField(form, 'de')).toHaveValue('');

    await cartButton(page, 'de').click();
    const dialog = cartDialog(page, 'de');
    await expectOpen(dialog, 'de');
    await dialog
      .getByRole('button', { name: fillIn(dict.cart.increase, { name }) })
      .first()
      .click();
    await dialog
      .getByRole('button', { name: fillIn(dict.cart.decrease, { name }) })
      .last()
      .click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByText(euros(2 * 5 * treppenlifte.price, 'de'), { exact: true })).toBeVisible();
    const alerts = acceptAlerts(page);
    await dialog.getByRole('button', { name: dict.cart.checkout }).click();
    await expect.poll(() => alerts).toEqual([{ type: 'alert', message: dict.cart.checkoutAlert }]);
    await dialog.getByRole('button', { name: dict.cart.close }).click();
    await expect(dialog).toBeHidden();

    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const dump = await storageDump(page);
    expect(Object.keys(dump.local)).toEqual([CART_KEY]);
    expectNoContactData(dump, 'after the purchase');
    const stored = JSON.parse(dump.local[CART_KEY]!) as {
      state: { items: Record<string, unknown>[] };
      version: unknown;
    };
    expect(Object.keys(stored).sort()).toEqual(['state', 'version']);
    expect(Object.keys(stored.state)).toEqual(['items']);
    expect(typeof stored.version).toBe('number');
    expect(stored.state.items).toEqual([
      {
        id: expect.stringMatching(/^treppenlifte-/),
        category: treppenlifte.id,
        exclusive: true,
        quantity: 2,
      },
    ]);
    for (const item of stored.state.items)
      expect(Object.keys(item).sort()).toEqual(['category', 'exclusive', 'id', 'quantity']);

    // A reload brings the cart back, but not a single typed character.
    await page.reload();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 2 }));
    for (const field of ['name', 'email', 'company', 'phone', 'message'] as const) {
      await expect(form.getByRole('textbox', { name: dict.orderForm[field], exact: true })).toHaveValue('');
    }
    expectNoContactData(await storageDump(page), 'after a reload');
    expect(await context.cookies()).toEqual([]);
    expect(watcher.thirdParty).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    test(`${lang}: the order form says that nothing typed is sent`, async ({ page }) => {
      const note = ui[lang].orderForm.privacyNote;
      // The oracle itself must say it: nothing entered is transmitted.
      expect(note).toMatch(
        lang === 'de' ? /nirgendwohin übermittelt/ : /nothing you enter .* is sent anywhere/,
      );
      await page.goto(categoryRoute(treppenlifte, lang));
      const form = orderForm(page, lang);
      await expect(form.getByText(note, { exact: true })).toBeVisible();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 3: hostile input in the form
// ---------------------------------------------------------------------------------------------

const payloads = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
];

/** What an injection would leave behind in the document. */
async function injectionTraces(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    imgX: document.querySelectorAll('img[src="x"]').length,
    svgWithHandler: document.querySelectorAll('svg[onload]').length,
    pwnScripts: [...document.scripts].filter((script) => script.text.includes('__pwned')).length,
    handlerAttributes: [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
  }));
}

const clean = { pwned: undefined, imgX: 0, svgWithHandler: 0, pwnScripts: 0, handlerAttributes: [] };

test('markup typed into every field stays text: nothing runs, nothing is injected, the cart shows the category name', async ({
  page,
  context,
}) => {
  const watcher = await watch(context, page);
  const dict = ui.de;
  const name = copyOf(treppenlifte, 'de').name;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const strayRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/x') strayRequests.push(request.url());
  });

  await page.goto(categoryRoute(treppenlifte, 'de'));
  const form = orderForm(page, 'de');
  for (const [index, payload] of payloads.entries()) {
    await fillContact(form, 'de', {
      name: payload,
      email: `pentest${index}@example.com`,
      company: payload,
      phone: payload,
      message: payload,
    });
    await form.getByRole('button', { name: dict.orderForm.submit }).click();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(
      fillIn(dict.header.cartCount, { count: index + 1 }),
    );
    await expect(
      page.getByText(fillIn(dict.orderForm.toastDescription, { quantity: 1, name }), { exact: true }).first(),
    ).toBeVisible();
    await expect(nameField(form, 'de')).toHaveValue('');
    expect(await injectionTraces(page), `after submitting ${payload}`).toEqual(clean);
  }

  await cartButton(page, 'de').click();
  const cart = cartDialog(page, 'de');
  await expectOpen(cart, 'de');
  const lines = cart.getByRole('listitem');
  await expect(lines).toHaveCount(payloads.length);
  for (let index = 0; index < payloads.length; index += 1) {
    await expect(lines.nth(index).getByText(name, { exact: true })).toBeVisible();
  }
  for (const payload of payloads) await expect(cart).not.toContainText(payload);
  await expect(
    cart.getByText(euros(payloads.length * treppenlifte.price, 'de'), { exact: true }),
  ).toBeVisible();

  expect(await injectionTraces(page)).toEqual(clean);
  expect(dialogs, 'no dialog fired').toEqual([]);
  expect(strayRequests, 'no injected <img src=x> was requested').toEqual([]);
  expect(watcher.pageErrors).toEqual([]);
  await expectNoCspViolations(page, watcher, 'the form with hostile input');
});

// ---------------------------------------------------------------------------------------------
// 3: a hand-edited cart in localStorage
// ---------------------------------------------------------------------------------------------

const byId = (id: string): Category => categories.find((category) => category.id === id)!;
const photovoltaik = byId('photovoltaik');
const coaching = byId('coaching');
const kanzlei = byId('kanzlei');

function storedLine(
  category: Category,
  quantity: number,
  exclusive = false,
  extra: Record<string, unknown> = {},
) {
  return {
    id: `${category.id}-1700000000000-${quantity}-${exclusive}`,
    category: category.id,
    exclusive,
    quantity,
    ...extra,
  };
}

function storedCart(items: unknown, version: unknown = 1): string {
  return JSON.stringify({ state: { items }, version });
}

interface Survivor {
  category: Category;
  exclusive: boolean;
  quantity: number;
}

interface TamperCase {
  title: string;
  raw: string;
  /** The lines that must survive, priced from the category table. */
  survivors: Survivor[];
}

const tamperCases: TamperCase[] = [
  {
    title: 'wrong types',
    raw: storedCart([
      { id: 42, category: treppenlifte.id, exclusive: false, quantity: 1 },
      { id: 'exclusive-as-string', category: treppenlifte.id, exclusive: 'yes', quantity: 1 },
      { id: 'quantity-as-string', category: treppenlifte.id, exclusive: false, quantity: '3' },
      { id: 'quantity-fraction', category: treppenlifte.id, exclusive: false, quantity: 1.5 },
      { id: 'quantity-null', category: treppenlifte.id, exclusive: false, quantity: null },
      { id: 'quantity-object', category: treppenlifte.id, exclusive: false, quantity: { valueOf: 2 } },
      { id: 'category-array', category: [treppenlifte.id], exclusive: false, quantity: 1 },
      null,
      'treppenlifte',
      7,
      [treppenlifte.id, false, 1],
      storedLine(photovoltaik, 2),
    ]),
    survivors: [{ category: photovoltaik, exclusive: false, quantity: 2 }],
  },
  {
    title: 'huge quantities',
    raw: storedCart([
      storedLine(treppenlifte, 1e9),
      storedLine(kanzlei, 1e308, true),
      storedLine(photovoltaik, 101),
      storedLine(coaching, 100),
    ]),
    survivors: [{ category: coaching, exclusive: false, quantity: 100 }],
  },
  {
    title: 'negative prices and quantities',
    raw: storedCart([
      storedLine(treppenlifte, 1, false, { price: -8900 }),
      storedLine(kanzlei, -3),
      storedLine(photovoltaik, 0),
      storedLine(coaching, 2, true, { price: -1e9 }),
    ]),
    survivors: [
      { category: treppenlifte, exclusive: false, quantity: 1 },
      { category: coaching, exclusive: true, quantity: 2 },
    ],
  },
  {
    title: 'a price of one cent for real categories',
    raw: storedCart([
      storedLine(treppenlifte, 1, false, { price: 1 }),
      storedLine(photovoltaik, 1, true, { price: 1 }),
    ]),
    survivors: [
      { category: treppenlifte, exclusive: false, quantity: 1 },
      { category: photovoltaik, exclusive: true, quantity: 1 },
    ],
  },
  {
    title: 'unknown categories',
    raw: storedCart([
      { id: 'free-1', category: 'gratis-leads', exclusive: false, quantity: 1, price: 0 },
      { id: 'free-2', category: '__proto__', exclusive: false, quantity: 1 },
      { id: 'free-3', category: 'constructor', exclusive: false, quantity: 1 },
      { id: 'free-4', category: 'Treppenlifte', exclusive: false, quantity: 1 },
      { id: 'free-5', category: 'treppenlifte ', exclusive: false, quantity: 1 },
      storedLine(kanzlei, 1),
    ]),
    survivors: [{ category: kanzlei, exclusive: false, quantity: 1 }],
  },
  {
    title: 'markup in a stored id',
    raw: storedCart([
      {
        id: '<img src=x onerror="window.__pwned=1">',
        category: treppenlifte.id,
        exclusive: false,
        quantity: 1,
      },
      {
        id: '"><svg onload=window.__pwned=1>',
        category: '<script>window.__pwned=1</script>',
        exclusive: false,
        quantity: 1,
      },
    ]),
    survivors: [{ category: treppenlifte, exclusive: false, quantity: 1 }],
  },
  {
    title: 'items is an object, not an array',
    raw: storedCart({ 0: storedLine(treppenlifte, 1), length: 1 }),
    survivors: [],
  },
  {
    title: 'items is a string',
    raw: storedCart('[{"id":"a","category":"treppenlifte","exclusive":false,"quantity":1}]'),
    survivors: [],
  },
  { title: 'state is missing', raw: JSON.stringify({ version: 1 }), survivors: [] },
  { title: 'a foreign version number', raw: storedCart([storedLine(treppenlifte, 2)], 99), survivors: [] },
  {
    title: 'invalid JSON',
    raw: '{"state":{"items":[{"id":"treppenlifte-1","category":"treppenlifte",',
    survivors: [],
  },
  {
    title: '1 MB of junk',
    raw: '%§junk\u0000<b>'.repeat((1024 * 1024) / 8).slice(0, 1024 * 1024),
    survivors: [],
  },
  {
    title: '1 MB of junk lines',
    raw: storedCart(Array.from({ length: 100_000 }, () => 'junkjunk')),
    survivors: [],
  },
];

/** The total the category table gives for the surviving lines, in euros. */
function tableTotal(survivors: Survivor[]): number {
  return survivors.reduce(
    (sum, line) => sum + line.category.price * (line.exclusive ? 5 : 1) * line.quantity,
    0,
  );
}

async function expectSaneNumbers(region: Locator) {
  await expect(region).not.toContainText('NaN');
  await expect(region).not.toContainText('Infinity');
  await expect(region).not.toContainText('undefined');
  // No negative amount, whether written with a hyphen or a minus sign, before or after the € sign.
  await expect(region).not.toContainText(/[-−]\s*€?\s*\d/);
}

test.describe('a hand-edited cart in localStorage', () => {
  for (const tamper of tamperCases) {
    test(`${tamper.title}: the page renders and the cart shows only table prices for valid lines`, async ({
      page,
      context,
    }) => {
      const watcher = await watch(context, page);
      const dict = ui.de;
      await context.addInitScript(
        ({ key, raw }) => {
          // Only the first load gets the hand-edited value; a reload sees what the shop made of it.
          try {
            if (sessionStorage.getItem('__tampered')) return;
            sessionStorage.setItem('__tampered', '1');
            localStorage.setItem(key, raw);
          } catch {
            // A document without storage (about:blank) has nothing to tamper with.
          }
        },
        { key: CART_KEY, raw: tamper.raw },
      );
      await page.goto(categoryRoute(treppenlifte, 'de'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(treppenlifte, 'de').h1);

      const count = tamper.survivors.reduce((sum, line) => sum + line.quantity, 0);
      const header = page.getByRole('banner');
      await expect(cartButton(page, 'de')).toHaveAccessibleName(
        count === 0 ? dict.header.cart : fillIn(dict.header.cartCount, { count }),
      );

      await expectSaneNumbers(header);

      await cartButton(page, 'de').click();
      const dialog = cartDialog(page, 'de');
      await expectOpen(dialog, 'de');
      const expected = tableTotal(tamper.survivors);
      await expect(dialog.getByText(euros(expected, 'de'), { exact: true })).toBeVisible();
      if (tamper.survivors.length === 0) {
        await expect(dialog.getByText(dict.cart.empty)).toBeVisible();
      } else {
        const lines = dialog.getByRole('listitem');
        await expect(lines).toHaveCount(tamper.survivors.length);
        for (const [index, survivor] of tamper.survivors.entries()) {
          const lineName =
            copyOf(survivor.category, 'de').name + (survivor.exclusive ? dict.orderForm.exclusiveSuffix : '');
          const unit = survivor.category.price * (survivor.exclusive ? 5 : 1);
          const line = lines.nth(index);
          await expect(line.getByText(lineName, { exact: true })).toBeVisible();
          await expect(line).toContainText(
            looseText(fillIn(dict.cart.unitPrice, { price: euros(unit, 'de') })),
          );
          await expect(line.getByRole('group', { name: `${dict.cart.quantity}: ${lineName}` })).toContainText(
            String(survivor.quantity),
          );
        }
      }
      await expectSaneNumbers(dialog);
      await dialog.getByRole('button', { name: dict.cart.close }).click();
      await expect(dialog).toBeHidden();

      // The shop still works on top of whatever survived.
      await order(page, 'de', { quantity: 1 });
      await expect(cartButton(page, 'de')).toHaveAccessibleName(
        fillIn(dict.header.cartCount, { count: count + 1 }),
      );
      await expectSaneNumbers(header);
      await cartButton(page, 'de').click();
      await expectOpen(dialog, 'de');
      await expect(
        dialog.getByText(euros(expected + treppenlifte.price, 'de'), { exact: true }),
      ).toBeVisible();
      await expectSaneNumbers(dialog);

      // What is stored now is a clean cart, and a reload shows the same.
      const stored = JSON.parse((await storageDump(page)).local[CART_KEY] ?? 'null') as {
        state: { items: unknown[] };
      } | null;
      expect(stored?.state.items).toHaveLength(tamper.survivors.length + 1);
      await page.reload();
      await expect(cartButton(page, 'de')).toHaveAccessibleName(
        fillIn(dict.header.cartCount, { count: count + 1 }),
      );

      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(watcher.pageErrors).toEqual([]);
      await expectNoCspViolations(page, watcher, tamper.title);
    });
  }
});
