/**
 * The order desk in Chromium, as a sales person works with it, against the service that `npm start` runs: one
 * journey per language (sign in, find an order by company, confirm it, add a note, see both in the history, let
 * a spam order through and see its mails go out, erase a buyer, export the filtered CSV, sign out), and the same
 * journey with JavaScript off. axe on the sign-in page, the list and an order's page. The rules under it
 * (lock-out, cookies, tokens, statuses, search) are node tests in orders/test/desk.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Browser, Page } from '@playwright/test';
import { orderAcceptedSchema } from '../lib/checkout/order-request';
import { deskWords } from '../orders/desk/words';
import { buyer, validOrder } from '../orders/test/helpers';
import { checkA11y, escapeRegExp, expect, fillIn, test, ui, type Lang } from './support';

const PASSWORD = 'e2e desk password';
const browserLocale: Record<Lang, string> = { de: 'de-DE', en: 'en-US' };

/** A desk account in the service's database, added as the owner does (`npm run orders -- user add`). */
function addAccount(name: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'orders/cli.ts', 'user', 'add', name], {
    env: { ...process.env, ORDERS_DATA_DIR: process.env.E2E_ORDERS_DIR },
    input: `${PASSWORD}\n`,
    encoding: 'utf8',
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

/** An order as the checkout sends it; `spam` fills the honeypot. Its number. */
async function placeOrder(page: Page, baseURL: string, company: string, email: string, spam = false) {
  const body = validOrder({
    buyer: { ...buyer, company, email },
    ...(spam ? { website: 'https://spam.example' } : {}),
  });
  const response = await page.request.post(`${baseURL}/api/orders`, {
    data: body,
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return orderAcceptedSchema.parse(await response.json()).orderNumber;
}

async function journey(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  javaScriptEnabled: boolean,
  run: string,
) {
  const w = deskWords[lang];
  const context = await browser.newContext({ locale: browserLocale[lang], javaScriptEnabled, baseURL });
  const page = await context.newPage();
  const account = `sales-${run}`;
  addAccount(account);
  const company = `Sonnenschein ${run} GmbH`;
  const number = await placeOrder(page, baseURL, company, `einkauf-${run}@kunde.example`);
  const spamCompany = `Zweifel ${run} AG`;
  const spam = await placeOrder(page, baseURL, spamCompany, `zweifel-${run}@kunde.example`, true);
  const eraseCompany = `Vergessen ${run} KG`;
  const toErase = await placeOrder(page, baseURL, eraseCompany, `vergessen-${run}@kunde.example`);

  // Sign in: the desk sends a signed-out browser to its sign-in page.
  await page.goto('/desk');
  await expect(page.getByRole('heading', { level: 1, name: w.signIn.heading })).toBeVisible();
  if (javaScriptEnabled) await checkA11y(page, 'desk sign-in');
  await page.getByLabel(w.signIn.name).fill(account);
  // A wrong password first: the page opens on the password field, the name kept, the error in the title.
  await page.getByLabel(w.signIn.password).fill(`not ${PASSWORD}`);
  await page.getByRole('button', { name: w.signIn.button }).click();
  await expect(page.getByLabel(w.signIn.password)).toBeFocused();
  await expect(page.getByLabel(w.signIn.name)).toHaveValue(account);
  await expect(page).toHaveTitle(
    new RegExp(`^${escapeRegExp(fillIn(w.errors.titleError, { text: w.signIn.wrong }))}`),
  );
  await page.getByLabel(w.signIn.password).fill(PASSWORD);
  await page.getByRole('button', { name: w.signIn.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: w.list.heading })).toBeVisible();

  // Find the order by its company, open it, confirm it and add a note: both in the history.
  const search = page.getByRole('searchbox', { name: w.list.search });
  await search.fill(company);
  await page.getByRole('button', { name: w.list.apply }).click();
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(company);
  await expect(row).toContainText(w.statuses.new);
  if (javaScriptEnabled) await checkA11y(page, 'desk list');
  // On a phone each order is a card within the window, not a row of a table that scrolls sideways.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const card = (await row.boundingBox())!;
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  await expect(row.getByRole('cell', { name: company })).toBeVisible();
  await page.setViewportSize(size);
  await row.getByRole('link', { name: number }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: fillIn(w.order.heading, { number }) }),
  ).toBeVisible();
  if (javaScriptEnabled) await checkA11y(page, 'desk order page');
  // On a phone the order's facts, its items and its mails stay within the window: no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of [w.order.lines, w.order.mails]) {
    const table = (await page.getByRole('table', { name }).boundingBox())!;
    expect(table.x + table.width, name).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize(size);
  await page.getByLabel(w.order.newStatus).selectOption({ label: w.statuses.confirmed });
  await page.getByRole('button', { name: w.order.save }).click();
  await expect(page.getByRole('status')).toHaveText(fillIn(w.done.status, { status: w.statuses.confirmed }));
  // The message after a change is heard: the page opens with the focus on it, and the title begins with it.
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page).toHaveTitle(
    new RegExp(`^${escapeRegExp(fillIn(w.done.status, { status: w.statuses.confirmed }))}`),
  );
  const note = `Rückruf ${run}`;
  await page.getByLabel(w.order.note).fill(note);
  await page.getByRole('button', { name: w.order.addNote }).click();
  await expect(page.getByRole('status')).toHaveText(w.done.note);
  const history = page.getByRole('region', { name: w.order.history }).getByRole('listitem');
  await expect(history).toHaveText([
    new RegExp(`${account}: ${fillIn(w.events.status, { detail: w.statuses.confirmed })}$`),
    new RegExp(`${account}: ${fillIn(w.events.note, { detail: note })}$`),
  ]);

  // A spam order, hidden until asked for, let through: both its mails go out.
  await page.getByRole('link', { name: w.order.back }).click();
  await page.getByRole('searchbox', { name: w.list.search }).fill(spamCompany);
  await page.getByRole('button', { name: w.list.apply }).click();
  await expect(page.getByText(w.list.none)).toBeVisible();
  await page.getByRole('combobox', { name: w.list.spam.label }).selectOption({ label: w.list.spam.include });
  await page.getByRole('button', { name: w.list.apply }).click();
  await page.getByRole('link', { name: spam }).click();
  await page.getByRole('button', { name: w.order.notSpam }).click();
  await expect(page.getByRole('status')).toHaveText(w.done.notSpam);
  const mails = page.getByRole('region', { name: w.order.mails });
  await expect(async () => {
    await page.reload();
    await expect(mails.getByRole('row', { name: w.order.sellerMail })).toContainText(w.mail.sent, {
      timeout: 1000,
    });
    await expect(mails.getByRole('row', { name: w.order.buyerMail })).toContainText(w.mail.sent, {
      timeout: 1000,
    });
  }).toPass();

  // Erase a buyer, after the confirmation step.
  await page.goto(`/desk/orders/${toErase}`);
  await expect(page.getByText(eraseCompany)).toBeVisible();
  await page.getByRole('link', { name: w.order.eraseButton }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: fillIn(w.order.eraseHeading, { number: toErase }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: w.order.eraseConfirm }).click();
  await expect(page.getByRole('status')).toHaveText(w.done.erase);
  await expect(page.getByText(eraseCompany)).toHaveCount(0);

  // The filtered list as CSV: the one order, confirmed.
  await page.getByRole('link', { name: w.order.back }).click();
  await page.getByRole('searchbox', { name: w.list.search }).fill(company);
  await page.getByRole('button', { name: w.list.apply }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: w.list.exportCsv }).click(),
  ]);
  // Read as the spreadsheet of the desk's language reads it: German Excel splits by `;`.
  const rows = parseCsv(fs.readFileSync(await download.path()), {
    bom: true,
    columns: true,
    delimiter: lang === 'de' ? ';' : ',',
  }) as Record<string, string>[];
  const column = w.list.accountsColumns;
  const fields = ui[lang].checkout.fields;
  expect(rows.map((entry) => [entry[column.number], entry[fields.company], entry[column.status]])).toEqual([
    [number, company, w.statuses.confirmed],
  ]);

  await page.getByRole('button', { name: w.signOut }).click();
  await expect(page.getByRole('status')).toHaveText(w.signIn.signedOut);
  await context.close();
}

// A journey of some thirty steps with three axe runs and the desk's command-line tool: 10 to 14 s in `npm test`, 20
// to 31 s beside a second `npm test` on two cores, once past Playwright's 30 s. The limit is for a hang, as for the
// checkout's and the delivery areas' journeys.
test.describe.configure({ timeout: 120_000 });

for (const lang of ['de', 'en'] as const)
  test(`${lang}: a sales person signs in, confirms, notes, lets spam through, erases and exports`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    await journey(browser, baseURL!, lang, true, `${lang}-${testInfo.workerIndex}-${Date.now()}`);
  });

test('the same journey with JavaScript off', async ({ browser, baseURL }, testInfo) => {
  await journey(browser, baseURL!, 'en', false, `nojs-${testInfo.workerIndex}-${Date.now()}`);
});
