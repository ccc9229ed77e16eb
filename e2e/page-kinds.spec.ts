/**
 * Each kind of page in a browser, as it runs: axe at a desktop width (and a phone width in the first language,
 * since the layout differs by kind of page, not by language), the heading on screen, and,
 * through the guard of `test`, no CSP violation, console error, uncaught error or third-party request. Pages of
 * one kind share their template, so one of each kind in each language stands for the rest. Category pages also
 * differ in their icon tile's colour, which carries no text for axe's contrast rules to check: its contrast is
 * computed from the theme in `__tests__/category-colours.test.ts`, and the overview shows every tile to axe. What
 * any server sends for every page (headers, policy, links, language) is read without a browser in `site.spec.ts`.
 */
import type { Page } from '@playwright/test';
import {
  checkA11y,
  expect,
  NOT_FOUND_CONSOLE,
  sitePages,
  test,
  UNKNOWN_PATH,
  WIDTHS,
  type Guard,
} from './support';

/** The first page of each kind in each language. */
const kinds = sitePages.filter(
  (entry, index) =>
    sitePages.findIndex((other) => other.lang === entry.lang && other.page.kind === entry.page.kind) ===
    index,
);
/** The first language: at the phone width, where the layout differs by kind of page and not by language. */
const phoneLanguage = sitePages[0]!.lang;

async function visit(page: Page, guard: Guard, path: string, state: string, phone: boolean) {
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, state);
  if (phone) {
    await page.setViewportSize(WIDTHS.mobile);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkA11y(page, state);
  }
  expect(await guard.cspEvents(page), `securitypolicyviolation events on ${path}`).toEqual([]);
}

for (const entry of kinds) {
  const phone = entry.lang === phoneLanguage;
  const widths = phone
    ? `${WIDTHS.desktop.width} and ${WIDTHS.mobile.width} px`
    : `${WIDTHS.desktop.width} px`;
  test(`${entry.lang} ${entry.page.kind} page (${entry.path}): axe at ${widths}, and it runs cleanly`, async ({
    page,
    guard,
  }) => {
    await visit(page, guard, entry.path, `${entry.page.kind} page`, phone);
  });
}

test.describe('the 404 page', () => {
  // The browser reports the 404 status of the document, and the page logs the unknown path (spec §2).
  test.use({ expectedConsoleErrors: NOT_FOUND_CONSOLE });

  test(`${UNKNOWN_PATH}: axe, and the unknown path is logged`, async ({ page, guard }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await visit(page, guard, UNKNOWN_PATH, '404 page', true);
    expect(
      logged.some((text) => text.includes(UNKNOWN_PATH)),
      'the unknown path is logged',
    ).toBe(true);
  });
});
