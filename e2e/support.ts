/**
 * What the end-to-end tests share: the site's pages and copy (read from the
 * category table and `content/`, never from the rendering code), locators by
 * role and name, and `test`, Playwright's test with a guard that every test
 * gets. The spec's own routes, prices and texts come from `testing/spec.ts`.
 */
import assert from 'node:assert';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import type { Category } from '../lib/categories';
import type { CartItem } from '../lib/cart/rules';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION } from '../lib/cart/store';
import { NEW_BUYER, OPTIONAL_FIELDS, type BuyerField } from '../lib/checkout/buyer';
import { CHECKOUT_STORAGE_KEY, CHECKOUT_STORAGE_VERSION } from '../lib/checkout/store';
import { getCategories, getDictionary, type Dictionary } from '../lib/content';
import {
  allPages,
  checkoutPath,
  locales,
  pagePath,
  translatePage,
  type Locale,
  type Page as SitePage,
} from '../lib/i18n';

export { expect };
export { euros, specPaths, specToast, specNotFound } from '../testing/spec';
/** A category's copy in one language, a copy template filled in, and a category's route. */
export { getCategoryContent as copyOf } from '../lib/content';
export { fill as fillIn } from '../lib/format';
export { categoryPath as categoryRoute } from '../lib/i18n';
export type Lang = Locale;
export type { Category };

export const categories = getCategories();
export const ui = Object.fromEntries(locales.map((locale) => [locale, getDictionary(locale)])) as Record<
  Lang,
  Dictionary
>;

export interface PageUnderTest {
  path: string;
  lang: Lang;
  /** The same page in each other language, as the language toggle links it. */
  counterparts: { lang: Lang; path: string }[];
  page: SitePage;
}

/** Every pre-rendered page, from the category table, and the checkout in each language; the spec's 28 are among them. */
export const sitePages: PageUnderTest[] = [
  ...allPages(categories),
  ...locales.map((locale): SitePage => ({ kind: 'checkout', locale })),
].map((page) => ({
  path: pagePath(page),
  lang: page.locale,
  counterparts: locales
    .filter((other) => other !== page.locale)
    .map((other) => ({ lang: other, path: pagePath(translatePage(page, other)) })),
  page,
}));

/** A path the site does not have: served as 404.html with status 404. */
export const UNKNOWN_PATH = '/diese-seite-gibt-es-nicht';

/** What the console shows on the 404 page: the browser's note of the status, and the page's log of the path (spec §2). */
export const NOT_FOUND_CONSOLE = /status of 404|^404: no page at /;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isThirdParty(url: string): boolean {
  const parsed = new URL(url);
  return /^(https?|wss?):$/.test(parsed.protocol) && !LOCAL_HOSTS.has(parsed.hostname);
}

export interface GuardOptions {
  /** Third-party hosts a test may contact (the video player after consent); their requests fail all the same. */
  allowThirdParty: RegExp | undefined;
  /** Console errors a test causes on purpose (a fault it injects, the 404 page logging its path). */
  expectedConsoleErrors: RegExp | undefined;
  /** CSP violations a test causes on purpose, to prove that the policy blocks them. */
  expectedCspViolations: RegExp | undefined;
}

export interface Guard {
  /**
   * Every request to another host that the browser attempted. None reaches it: no other host resolves in the
   * tests' Chromium (playwright.config.ts).
   */
  thirdParty: string[];
  /** CSP violations reported on the console, from any page of the test. */
  cspConsole: string[];
  /** `securitypolicyviolation` events seen by the current document. */
  cspEvents: (page: Page) => Promise<string[]>;
  consoleErrors: string[];
  pageErrors: string[];
}

/**
 * E2E_CPU_SLOWDOWN=10 runs every page with its CPU slowed that many times (Chromium's own throttling), to
 * find the tests that pass only on a fast machine. Off in `npm test`.
 */
const cpuSlowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);

/**
 * Every test runs guarded: requests to other hosts fail and are recorded,
 * and after the test there must be no CSP violation, no uncaught error, no
 * console error and no third-party request that the test did not allow.
 */
export const test = base.extend<GuardOptions & { guard: Guard }>({
  allowThirdParty: [undefined, { option: true }],
  expectedConsoleErrors: [undefined, { option: true }],
  expectedCspViolations: [undefined, { option: true }],
  guard: [
    async ({ context, allowThirdParty, expectedConsoleErrors, expectedCspViolations }, use) => {
      await context.addInitScript(() => {
        const target = window as unknown as { __cspViolations: string[] };
        target.__cspViolations = [];
        window.addEventListener(
          'securitypolicyviolation',
          (event) =>
            target.__cspViolations.push(
              `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || location.href}:${event.lineNumber}`,
            ),
          true,
        );
      });
      const guard: Guard = {
        thirdParty: [],
        cspConsole: [],
        consoleErrors: [],
        pageErrors: [],
        cspEvents: (page) =>
          page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
      };
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          const text = message.text();
          if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text)) {
            if (!expectedCspViolations?.test(text)) guard.cspConsole.push(`${page.url()}: ${text}`);
          } else if (message.type() === 'error' && !expectedConsoleErrors?.test(text)) {
            guard.consoleErrors.push(`${page.url()}: ${text}`);
          }
        });
        page.on('pageerror', (error) => guard.pageErrors.push(`${page.url()}: ${error.message}`));
        if (cpuSlowdown > 1)
          void context
            .newCDPSession(page)
            .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown }));
      };
      context.pages().forEach(watchPage);
      context.on('page', watchPage);
      context.on('request', (request) => {
        if (isThirdParty(request.url())) guard.thirdParty.push(request.url());
      });

      await use(guard);

      expect(guard.cspConsole, 'CSP violations').toEqual([]);
      expect(guard.pageErrors, 'uncaught errors').toEqual([]);
      expect(guard.consoleErrors, 'console errors').toEqual([]);
      const unexpected = guard.thirdParty.filter((url) => !allowThirdParty?.test(new URL(url).hostname));
      expect(unexpected, 'requests to third parties').toEqual([]);
    },
    { auto: true },
  ],
});

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text with any run of whitespace (incl. no-break spaces) matched loosely. */
export function looseText(text: string, flags = ''): RegExp {
  return new RegExp(escapeRegExp(text).replace(/\s+/g, '\\s+'), flags);
}

export const treppenlifte = categories.find((category) => category.id === 'treppenlifte')!;

/** A category of the table by id. */
export const categoryById = (id: string): Category =>
  categories.find((category) => category.id === id) ?? assert.fail(`the category table has no ${id}`);

/** The header's cart button, whatever its count. */
export function cartButton(page: Page, lang: Lang): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(ui[lang].header.cart)}`) });
}

/** The order form of a category page, by its accessible name, and its fields by their labels. */
export const orderForm = (page: Page, lang: Lang) =>
  page.getByRole('form', { name: ui[lang].orderForm.formLabel });
export const nameField = (form: Locator, lang: Lang) =>
  form.getByRole('textbox', { name: ui[lang].orderForm.name, exact: true });
export const emailField = (form: Locator, lang: Lang) =>
  form.getByRole('textbox', { name: ui[lang].orderForm.email, exact: true });
export const quantityField = (form: Locator, lang: Lang) =>
  form.getByRole('spinbutton', { name: ui[lang].orderForm.quantity });
export const exclusiveBox = (form: Locator, lang: Lang) =>
  form.getByRole('checkbox', { name: ui[lang].orderForm.exclusive });

export const cartDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: ui[lang].cart.title });

/** A dialog is open when its title is on screen (the dialog element itself only wraps fixed layers). */
export async function expectOpen(dialog: Locator, lang: Lang, title = ui[lang].cart.title) {
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
}

/** Opens a cart that holds lines, once the page's code has read them: the button then names their count. */
export async function openCart(page: Page, lang: Lang): Promise<Locator> {
  await expect(cartButton(page, lang)).not.toHaveAccessibleName(ui[lang].header.cart);
  await cartButton(page, lang).click();
  await expectOpen(cartDialog(page, lang), lang);
  return cartDialog(page, lang);
}

/** Fills the order form and submits it with the mouse. */
export async function order(
  page: Page,
  lang: Lang,
  options: { quantity: number | string; exclusive?: boolean; name?: string },
) {
  const form = orderForm(page, lang);
  await nameField(form, lang).fill(options.name ?? 'Erika Mustermann');
  await emailField(form, lang).fill('erika@example.com');
  await quantityField(form, lang).fill(String(options.quantity));
  if (options.exclusive) await exclusiveBox(form, lang).check();
  await form.getByRole('button', { name: ui[lang].orderForm.submit }).click();
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Injects an inline script into the page and expects the policy to refuse and report it. */
export async function expectInjectedScriptBlocked(page: Page, guard: Guard) {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  await expect.poll(() => guard.cspEvents(page)).toEqual([expect.stringMatching(/^script-src/)]);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
}

/** Accessibility (DESIGN.md): axe with WCAG 2.0, 2.1 and 2.2, levels A and AA, 0 violations everywhere. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One violation as a developer needs it: rule, impact, help, where to read more, and every offending element. */
function formatViolation(violation: Result): string {
  const nodes = violation.nodes.map(
    (node) =>
      `    - ${node.target.join(' >>> ')}\n      ${node.html.slice(0, 200)}\n      ${node.failureSummary}`,
  );
  return [`  ${violation.id} [${violation.impact}]: ${violation.help} (${violation.helpUrl})`, ...nodes].join(
    '\n',
  );
}

/** Waits for running CSS animations and transitions to end, so that axe never sees a half-faded colour. */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The rules are those of the axe-core this project pins, not the copy `@axe-core/playwright` brings: its
 * releases that bring the newest axe-core need Node 22, and the tooling runs on Node 20 too.
 */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const axeVersion = (
  JSON.parse(readFileSync(require.resolve('axe-core/package.json'), 'utf8')) as { version: string }
).version;

/**
 * Runs axe on the page as it is now and records a soft failure listing every violation, so that one
 * test reports all the pages and states it visits. target-size (WCAG 2.2 SC 2.5.8) is off by default
 * in axe-core and is turned on explicitly. `rules` runs only those rules, for a page that differs from one
 * already checked in nothing else.
 */
export async function checkA11y(page: Page, state: string, rules?: string[]) {
  // A heading can be on screen before the page's stylesheet has arrived, and axe would measure the page
  // unstyled (a run once saw the desk’s links at the browser’s default size after a click opened an order).
  await page.waitForLoadState('load');
  await animationsSettled(page);
  // `options()` replaces the builder's options, so it goes first and `withTags()` adds `runOnly` to them.
  // `resultTypes` lists every element only for violations (the rest name one each): a quarter less time.
  // Legacy mode runs axe in the page and its same-origin frames, without the blank page the default mode opens
  // to merge each frame's results: less than half the time. What it leaves out, frames of other origins, the
  // site has only in the video dialog, and that frame is blocked in the tests anyway (no other host resolves).
  const builder = new AxeBuilder({ page, axeSource })
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] })
    .setLegacyMode();
  const results: AxeResults = await (rules ? builder.withRules(rules) : builder.withTags(AXE_TAGS)).analyze();
  expect(results.testEngine.version, 'the pinned axe-core ran').toBe(axeVersion);
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (rule) => rule.id,
  );
  expect(ran, 'the rules asked for must be part of the run').toEqual(
    expect.arrayContaining(rules ?? ['target-size']),
  );

  const label = `${state} (${new URL(page.url()).pathname}, ${page.viewportSize()?.width} px)`;
  expect
    .soft(
      results.violations.length,
      `axe found ${results.violations.length} violation(s) on ${label}:\n${results.violations.map(formatViolation).join('\n')}\n`,
    )
    .toBe(0);
}

/** The two widths every page is checked at: a desktop and a small phone. */
export const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;

/**
 * The e-mail order's link in the checkout. The export under test is built as `npm start` and `npm test`
 * build it, with the order service beside it (ORDER_ENDPOINT=/api/orders): its main button sends the order
 * there, and the e-mail order is the way out.
 */
export function mailOrderLink(page: Page, lang: Lang): Locator {
  return page.getByRole('link', { name: ui[lang].checkout.send.byMail });
}

/** The checkout of a language. */
export const checkoutRoute = checkoutPath;

/** The billing details as a buyer types them, by field of lib/checkout/buyer.ts. */
export type BillingInput = Partial<Record<BuyerField, string>>;

/**
 * Types the billing details into the checkout, by the fields' labels in the page's language, and ticks the
 * declaration to order as a business, as every buyer who orders does (no way of ordering works without it).
 */
export async function fillBilling(page: Page, lang: Lang, input: BillingInput) {
  for (const [field, value] of Object.entries(input) as [BuyerField, string][]) {
    const control = billingField(page, lang, field);
    if (field === 'country') await control.selectOption(value);
    else await control.fill(value);
  }
  await businessDeclaration(page, lang).check();
}

/** The checkout's declaration to order for one's business, as an Unternehmer (§ 14 BGB), not as a consumer. */
export function businessDeclaration(page: Page, lang: Lang): Locator {
  return page.getByRole('checkbox', { name: ui[lang].checkout.send.business, exact: true });
}

/** A billing field by its label; an optional field's label says so. */
export function billingField(page: Page, lang: Lang, field: BuyerField): Locator {
  const { fields, optional } = ui[lang].checkout;
  const name = OPTIONAL_FIELDS.has(field) ? `${fields[field]} (${optional})` : fields[field];
  return page.getByRole(field === 'country' ? 'combobox' : 'textbox', { name, exact: true });
}

/**
 * Puts cart lines, and billing details if given, into this browser's storage the way the shop stores them,
 * then reloads the page, as a buyer returning to a filled cart sees it. The details count as typed a
 * minute ago, by a buyer who ticked the declaration to order as a business.
 */
export async function restoreCheckout(page: Page, lines: Omit<CartItem, 'price'>[], details?: BillingInput) {
  await page.evaluate(
    ({ cart, checkout }) => {
      localStorage.setItem(cart.key, JSON.stringify({ state: { items: cart.lines }, version: cart.version }));
      if (checkout.buyer)
        localStorage.setItem(
          checkout.key,
          JSON.stringify({
            state: { buyer: checkout.buyer, business: true, startedAt: Date.now() - 60_000 },
            version: checkout.version,
          }),
        );
    },
    {
      cart: { key: CART_STORAGE_KEY, version: CART_STORAGE_VERSION, lines },
      checkout: {
        key: CHECKOUT_STORAGE_KEY,
        version: CHECKOUT_STORAGE_VERSION,
        buyer: details && { ...NEW_BUYER, ...details },
      },
    },
  );
  await page.reload();
}
