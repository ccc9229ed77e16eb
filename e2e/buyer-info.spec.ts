/**
 * What a buyer must know before ordering, on the pages they read: a sample
 * lead of the trade, regional targeting, the exclusive price, a short FAQ with
 * the business facts of content/site.json filled in, the rating's source, and
 * a way to order today by e-mail that carries the cart but no contact data.
 */
import { getSite } from '../lib/content';
import { german } from '../testing/buyers';
import { plain } from '../testing/helpers';
import {
  categoryRoute,
  copyOf,
  euros,
  expect,
  fillBilling,
  fillIn,
  looseText,
  openCart,
  order,
  test,
  treppenlifte,
  ui,
  mailOrderLink,
} from './support';

const site = getSite();
const { facts } = site;

for (const lang of ['de', 'en'] as const) {
  const dict = ui[lang];
  const strings = dict.category;

  test(`${lang} category page: sample lead, targeting, exclusive price, FAQ with the facts, and the rating's source`, async ({
    page,
  }) => {
    const copy = copyOf(treppenlifte, lang);
    await page.goto(categoryRoute(treppenlifte, lang));

    const sample = page.getByRole('region', {
      name: fillIn(strings.sampleLeadTitle, { category: copy.name }),
    });
    for (const field of copy.sampleLead) {
      await expect(sample.getByRole('term').filter({ hasText: field.label }).first()).toBeVisible();
      await expect(sample.getByRole('definition').filter({ hasText: field.value }).first()).toBeVisible();
    }
    await expect(sample).toContainText(strings.sampleLeadNote);

    const targeting = page.getByRole('region', { name: strings.targetingTitle });
    await expect(targeting).toContainText(strings.targetingText);
    // English pages tell foreign buyers where the prospects are.
    await expect(targeting).toContainText(strings.marketNote);

    const orderCard = page.getByRole('complementary');
    await expect(orderCard).toContainText(
      looseText(fillIn(strings.exclusivePrice, { exclusivePrice: euros(5 * treppenlifte.price, lang, 0) })),
    );

    const faq = page.getByRole('region', { name: strings.faq.title });
    await expect(faq.getByRole('heading', { level: 3 })).toHaveText(
      strings.faq.items.map((item) => item.question),
    );
    for (const fact of [facts.maxBuyers, facts.replacementDays, facts.maxLeadAgeHours]) {
      await expect(faq).toContainText(new RegExp(`\\b${fact}\\b`));
    }
    await expect(faq).not.toContainText(/\{\w+\}/);

    const source = page.getByRole('link', { name: new RegExp(facts.rating.source) });
    await expect(source).toHaveAttribute('href', facts.rating.url);
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toContainText(
      new Intl.DateTimeFormat({ de: 'de-DE', en: 'en-US' }[lang], {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(facts.rating.date)),
    );
  });

  test(`${lang} home page: the buyer FAQ states the facts`, async ({ page }) => {
    await page.goto(lang === 'de' ? '/' : '/en');
    const faq = page.getByRole('region', { name: dict.home.faq.title });
    await expect(faq.getByRole('heading', { level: 3 })).toHaveText(
      dict.home.faq.items.map((item) => item.question),
    );
    const text = (await faq.textContent()) ?? '';
    for (const fact of [
      facts.maxBuyers,
      facts.replacementDays,
      facts.vatRate,
      facts.consent.retentionYears,
    ]) {
      expect(text).toMatch(new RegExp(`\\b${fact}\\b`));
    }
    // The space after "§" and "Art." may be a non-breaking one, as German typesetting has it.
    expect(text).toMatch({ de: /§\s14 BGB/, en: /Section 14 of the German Civil Code/ }[lang]);
    expect(text).toMatch(/Art\.\s14/);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  test(`${lang} checkout: the e-mail order carries the cart's rows and totals, and none of the order form's contact data`, async ({
    page,
  }) => {
    const contact = { name: 'Quirina Zwölfhaupt', email: 'quirina.zwoelfhaupt@beispiel.example' };
    await page.goto(categoryRoute(treppenlifte, lang));
    await order(page, lang, { quantity: 2, name: contact.name });
    await order(page, lang, { quantity: 1, exclusive: true, name: contact.name });
    const dialog = await openCart(page, lang);
    await dialog.getByRole('link', { name: dict.cart.checkout }).click();
    // The link carries the order once the billing details are complete and the declaration is ticked.
    await fillBilling(page, lang, german);

    const link = mailOrderLink(page, lang);
    await expect(link).toHaveAttribute('href', /^mailto:/);
    const href = (await link.getAttribute('href')) ?? '';
    const mail = new URL(href);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe(site.email);
    const body = (mail.searchParams.get('body') ?? '').replace(/\s+/g, ' ');
    const subject = mail.searchParams.get('subject') ?? '';
    const name = copyOf(treppenlifte, lang).name;
    expect(subject).toMatch(/\b3\b/);
    // Net, VAT for the home country (the checkout's default) and gross.
    const net = 7 * treppenlifte.price * 100;
    const vat = Math.round((net * site.facts.vatRate) / 100);
    expect(body).toContain(plain(euros((net + vat) / 100, lang)));
    expect(body).toContain(`2 × ${name}`);
    expect(body).toContain(`1 × ${name} ${dict.orderForm.exclusiveSuffix}`);
    expect(body).toContain(plain(euros(2 * treppenlifte.price, lang)));
    expect(body).toContain(plain(euros(5 * treppenlifte.price, lang)));
    expect(body).toContain(plain(euros(7 * treppenlifte.price, lang)));
    for (const value of [...Object.values(contact), 'erika@example.com', 'Zwölfhaupt', 'Quirina']) {
      expect(href).not.toContain(value);
      expect(decodeURIComponent(href)).not.toContain(value);
    }
  });
}
