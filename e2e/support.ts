/**
 * Shared expectations for the end-to-end suite. Everything a test expects is
 * derived from the category table, the content JSON and the spec's wording,
 * never from the rendering code under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { categories, type Category } from '../lib/categories';
import deUi from '../content/de/ui.json';
import enUi from '../content/en/ui.json';

export type Lang = 'de' | 'en';
export type Dict = typeof deUi;

export const ui: Record<Lang, Dict> = { de: deUi, en: enUi };

export { categories };
export type { Category };

interface CategoryCopy {
  name: string;
  h1: string;
  benefits: string[];
  features: { title: string; description: string }[];
  testimonial: { text: string; author: string; company: string };
}

const contentDir = path.join(__dirname, '..', 'content');
const copyCache = new Map<string, CategoryCopy>();

/** The category's copy in one language, straight from `content/<lang>/categories/`. */
export function copyOf(category: Category, lang: Lang): CategoryCopy {
  const key = `${lang}/${category.translationKey}`;
  let copy = copyCache.get(key);
  if (!copy) {
    copy = JSON.parse(
      fs.readFileSync(path.join(contentDir, lang, 'categories', `${category.translationKey}.json`), 'utf8'),
    ) as CategoryCopy;
    copyCache.set(key, copy);
  }
  return copy;
}

/** Fills `{placeholder}`s of a content template. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** The routes of the site as the spec and DESIGN.md name them (§2): 28 pages. */
export function categoryRoute(category: Category, lang: Lang): string {
  return lang === 'de' ? `/leads/${category.routeDE}` : `/en/leads/${category.routeEN}`;
}

export interface SitePage {
  path: string;
  lang: Lang;
  /** The same page in the other language. */
  counterpart: string;
  kind: 'home' | 'overview' | 'category';
  category?: Category;
}

/** Spec §2's routes: home, overview and the category pages of one language, each with its counterpart. */
function pagesIn(lang: Lang): SitePage[] {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  const home = { de: '/', en: '/en' };
  const overview = { de: '/kategorien', en: '/en/categories' };
  return [
    { path: home[lang], lang, counterpart: home[other], kind: 'home' },
    { path: overview[lang], lang, counterpart: overview[other], kind: 'overview' },
    ...categories.map((category): SitePage => ({
      path: categoryRoute(category, lang),
      lang,
      counterpart: categoryRoute(category, other),
      kind: 'category',
      category,
    })),
  ];
}

export const sitePages: SitePage[] = [...pagesIn('de'), ...pagesIn('en')];

/** Money as a shopper reads it (DESIGN.md): `1.200,00 €` in German, `€1,200.00` in English. */
export function euros(amount: number, lang: Lang, fractionDigits = 2): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text with any run of whitespace (incl. no-break spaces) matched loosely. */
export function looseText(text: string, flags = ''): RegExp {
  return new RegExp(escapeRegExp(text).replace(/\s+/g, '\\s+'), flags);
}

export const treppenlifte = categories.find((category) => category.id === 'treppenlifte')!;

/** The header's cart button, whatever its count. */
export function cartButton(page: Page, lang: Lang): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(ui[lang].header.cart)}`) });
}

/** The order form of a category page, by its accessible name. */
export function orderForm(page: Page, lang: Lang): Locator {
  return page.getByRole('form', { name: ui[lang].orderForm.formLabel });
}

export function nameField(form: Locator, lang: Lang): Locator {
  return form.getByRole('textbox', { name: ui[lang].orderForm.name, exact: true });
}

export function emailField(form: Locator, lang: Lang): Locator {
  return form.getByRole('textbox', { name: ui[lang].orderForm.email, exact: true });
}

export function quantityField(form: Locator, lang: Lang): Locator {
  return form.getByRole('spinbutton', { name: ui[lang].orderForm.quantity });
}

export function exclusiveBox(form: Locator, lang: Lang): Locator {
  return form.getByRole('checkbox', { name: ui[lang].orderForm.exclusive });
}

export function cartDialog(page: Page, lang: Lang): Locator {
  return page.getByRole('dialog', { name: ui[lang].cart.title });
}

/** A dialog is open when its title is on screen (the dialog element itself only wraps fixed layers). */
export async function expectOpen(dialog: Locator, lang: Lang, title = ui[lang].cart.title) {
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
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

/** Accepts every browser dialog (alert, confirm) the page opens and records its type and message, in order. */
export function acceptAlerts(page: Page): { type: string; message: string }[] {
  const seen: { type: string; message: string }[] = [];
  page.on('dialog', (alert) => {
    seen.push({ type: alert.type(), message: alert.message() });
    void alert.accept();
  });
  return seen;
}
