import {
  categories,
  expect,
  specNotFound,
  test,
  categoryRoute,
  copyOf,
  escapeRegExp,
  euros,
  fillIn,
  looseText,
  orderForm,
  treppenlifte,
  ui,
  type Lang,
} from './support';

const lowest = Math.min(...categories.map((category) => category.price));

// Spec §1/§2/§9: "Leads ab 65 €", "über 15 Jahre", 40.000+, badges DSGVO-konform, Höchste Qualität, Sofort
// verfügbar. The numbers are content (the lowest price, the facts of content/site.json): the copy states them.
const homeClaims: Record<Lang, { fromPrice: string; claims: string[]; badges: string[] }> = {
  de: {
    fromPrice: `Leads ab ${euros(lowest, 'de', 0)}`,
    claims: [ui.de.home.hero.eyebrow, ...ui.de.home.stats.map((stat) => stat.value)],
    badges: ['DSGVO-konform', 'Höchste Qualität', 'Sofort verfügbar'],
  },
  en: {
    fromPrice: `Leads from ${euros(lowest, 'en', 0)}`,
    claims: [ui.en.home.hero.eyebrow, ...ui.en.home.stats.map((stat) => stat.value)],
    badges: ui.en.home.features.badges,
  },
};

for (const lang of ['de', 'en'] as const) {
  test.describe(`home (${lang})`, () => {
    test('states the claims of the spec, shows every category with price and link, and the trust badges', async ({
      page,
    }) => {
      await page.goto(lang === 'de' ? '/' : '/en');
      const hero = page.getByRole('main');
      await expect(hero).toContainText(looseText(homeClaims[lang].fromPrice));
      for (const claim of homeClaims[lang].claims) await expect(hero).toContainText(claim);

      const section = page.locator('#categories');
      const cards = section.getByRole('article');
      await expect(cards).toHaveCount(categories.length);
      for (const category of categories) {
        const name = copyOf(category, lang).name;
        const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(card).toHaveCount(1);
        const price =
          lang === 'de' ? `ab ${euros(category.price, 'de', 0)}` : `from ${euros(category.price, 'en', 0)}`;
        await expect(card).toContainText(looseText(price));
        const link = card.getByRole('link', { name: lang === 'de' ? /^Mehr erfahren/ : /^Learn More/ });
        await expect(link).toHaveAttribute('href', categoryRoute(category, lang));
        await expect(link).toBeVisible();
      }

      const features = page.locator('#features');
      await expect(features.getByRole('heading', { level: 2 })).toBeVisible();
      for (const badge of homeClaims[lang].badges) {
        await expect(
          features.getByRole('listitem').filter({ hasText: new RegExp(`^\\s*${badge}\\s*$`) }),
        ).toBeVisible();
      }
    });
  });

  test.describe(`category page (${lang})`, () => {
    const category = treppenlifte;
    const copy = copyOf(category, lang);
    const dict = ui[lang];

    test('shows h1, rating, benefits, features, testimonial, and an order card with the price and labelled fields', async ({
      page,
    }) => {
      await page.goto(categoryRoute(category, lang));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.h1);

      // The rating and its count are facts of content/site.json, which the copy states.
      const stars = page.getByRole('img', { name: dict.category.ratingLabel });
      await expect(stars).toBeVisible();
      await expect(stars.locator('svg')).toHaveCount(5);
      await expect(page.getByText(dict.category.ratingText).first()).toBeVisible();

      const benefits = page.getByRole('region', { name: dict.category.benefitsTitle }).getByRole('listitem');
      await expect(benefits).toHaveCount(6);
      await expect(benefits).toHaveText(copy.benefits);

      const features = page.getByRole('region', { name: dict.category.featuresTitle }).getByRole('listitem');
      await expect(features).toHaveCount(6);
      for (const feature of copy.features) {
        await expect(
          features.filter({ has: page.getByRole('heading', { name: feature.title }) }),
        ).toContainText(feature.description);
      }

      const testimonial = page.getByRole('region', { name: dict.category.testimonialTitle });
      await expect(testimonial.getByRole('blockquote')).toContainText(copy.testimonial.text);
      await expect(testimonial).toContainText(copy.testimonial.author);
      await expect(testimonial).toContainText(copy.testimonial.company);

      const card = page
        .getByRole('complementary')
        .filter({ has: page.getByRole('heading', { name: copy.name }) });
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(
        fillIn(dict.category.orderTitle, { category: copy.name }),
      );
      const perLead =
        lang === 'de'
          ? `ab ${euros(category.price, 'de', 0)} pro Lead`
          : `from ${euros(category.price, 'en', 0)} per lead`;
      await expect(card).toContainText(looseText(perLead));

      const form = orderForm(page, lang);
      const f = dict.orderForm;
      const name = form.getByRole('textbox', { name: f.name, exact: true });
      const email = form.getByRole('textbox', { name: f.email, exact: true });
      await expect(name).toHaveJSProperty('required', true);
      await expect(email).toHaveJSProperty('required', true);
      await expect(email).toHaveAttribute('type', 'email');
      // The asterisk marks the required fields for sighted users.
      await expect(form.locator('label', { has: page.getByText('*') })).toHaveText([
        new RegExp(`^${f.name}\\s*\\*$`),
        new RegExp(`^${f.email}\\s*\\*$`),
      ]);

      const company = form.getByRole('textbox', { name: f.company, exact: true });
      await expect(company).toBeVisible();
      await expect(company).toHaveJSProperty('required', false);
      const phone = form.getByRole('textbox', { name: f.phone, exact: true });
      await expect(phone).toHaveAttribute('type', 'tel');
      await expect(phone).toHaveJSProperty('required', false);
      const message = form.getByRole('textbox', { name: f.message, exact: true });
      await expect(message).toBeVisible();
      await expect(message).toHaveJSProperty('required', false);

      const quantity = form.getByRole('spinbutton', { name: f.quantity });
      await expect(quantity).toHaveAttribute('type', 'number');
      await expect(quantity).toHaveAttribute('min', '1');
      await expect(quantity).toHaveAttribute('max', '100');
      await expect(quantity).toHaveValue('1');

      const exclusive = form.getByRole('checkbox', { name: f.exclusive });
      await expect(exclusive).not.toBeChecked();
      await expect(form.getByRole('button', { name: f.submit })).toBeEnabled();
    });
  });
}

test('an unknown English path answers 404 too', async ({ request }) => {
  const response = await request.get('/en/leads/not-a-category');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain(specNotFound.text);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['de', 'en'] as const) {
    test(`a ${lang} category page has its h1, the category links and the form labels in the HTML`, async ({
      page,
    }) => {
      const category = categories[1]!;
      await page.goto(categoryRoute(category, lang));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(category, lang).h1);
      for (const other of categories) {
        const link = page.getByRole('link', { name: copyOf(other, lang).name, exact: true }).first();
        await expect(link).toHaveAttribute('href', categoryRoute(other, lang));
      }
      const f = ui[lang].orderForm;
      for (const label of [f.name, f.email, f.company, f.phone, f.message, f.quantity, f.exclusive]) {
        // A required field's label reads "Name *"; the asterisk is decoration.
        await expect(page.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`))).toHaveCount(1);
      }
    });
  }
});

test('the home grid has 1, 2, 3 and 4 columns from phone to extra-large screens', async ({ page }) => {
  const layouts = [
    { width: 375, columns: 1 },
    { width: 768, columns: 2 },
    { width: 1024, columns: 3 },
    { width: 1280, columns: 4 },
  ];
  await page.goto('/');
  const cards = page.locator('#categories').getByRole('article');
  await expect(cards).toHaveCount(categories.length);
  for (const { width, columns } of layouts) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await cards.evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return { x: Math.round(rect.x), y: Math.round(rect.y) };
      }),
    );
    const firstRowY = boxes[0]!.y;
    const firstRow = boxes.filter((box) => Math.abs(box.y - firstRowY) < 2);
    expect(new Set(firstRow.map((box) => box.x)).size, `${width} px`).toBe(columns);
    expect(new Set(boxes.map((box) => box.x)).size, `${width} px`).toBe(columns);
  }
});
