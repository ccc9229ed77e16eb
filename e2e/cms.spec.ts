/**
 * The editors' CMS at /admin, driven through its in-browser test repository (the browser's private
 * file system), seeded with the real content/ files: what an editor saves must pass the build's own
 * validation and change only the lines the editor changed; what the build would refuse, the CMS refuses.
 * One editor's session, loaded once: the CMS takes a while to load, so each check is a step of it. The
 * rules behind the refusals are tested on the generated configuration in __tests__/cms-config.test.ts;
 * /admin as deployed (its policy, noindex, its language) in e2e/cms-languages.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Category } from '../lib/categories';
import { cmsConfig } from '../lib/cms-config';
import { getCategories, getCategoryContent, validateAllContent } from '../lib/content';
import type { CategoryContent } from '../lib/content-schema';
import { allPages, categoryPath, locales, pagePath, type Locale } from '../lib/i18n';
import { addFixtureCategory, fixtureCategory, fixtureCopy } from '../testing/fixture-category';
import { categories, copyOf, expect, test } from './support';

type Files = Record<string, string>;

// The CMS speaks the browser's language (e2e/cms-languages.spec.ts); this test finds its buttons by their English names.
test.use({ locale: 'en-US' });

function filesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

/** Every content file by its path in the repository, as the CMS sees it. */
const repository: Files = Object.fromEntries(
  filesIn('content')
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.split(path.sep).join('/'), fs.readFileSync(file, 'utf8')]),
);

const REPO_DIR = 'sveltia-cms-test';

/** Opens /admin on the test repository, seeded with `files`. */
async function openCms(page: Page, files: Files) {
  await page.route(
    (url) => url.pathname === '/admin/config.json',
    (route) => route.fulfill({ json: cmsConfig({ name: 'test-repo' }) }),
  );
  // Any page of the site's origin reaches the origin's private file system, where the test repository lives.
  await page.goto('/admin/cms.css');
  await page.evaluate(
    async ({ files, dirName }) => {
      const repo = await (
        await navigator.storage.getDirectory()
      ).getDirectoryHandle(dirName, { create: true });
      for (const [file, text] of Object.entries(files)) {
        const parts = file.split('/');
        const name = parts.pop()!;
        let dir = repo;
        for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { files, dirName: REPO_DIR },
  );
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Work with Test Repository' }).click();
  await expect(page.getByRole('treeitem', { name: /Kategorien und Preise/ })).toBeVisible();
}

/** The test repository's files as they are now. */
async function readRepository(page: Page): Promise<Files> {
  return page.evaluate(async (dirName) => {
    const files: Record<string, string> = {};
    async function walk(dir: FileSystemDirectoryHandle, prefix: string) {
      for await (const [name, handle] of dir as unknown as AsyncIterable<[string, FileSystemHandle]>) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
        else files[`${prefix}${name}`] = await (await (handle as FileSystemFileHandle).getFile()).text();
      }
    }
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName), '');
    return files;
  }, REPO_DIR);
}

/** The changed lines of each file that differs, as [before, after] pairs. */
function changedLines(before: Files, after: Files): Record<string, [string, string][]> {
  const changes: Record<string, [string, string][]> = {};
  for (const file of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[file] === after[file]) continue;
    const a = (before[file] ?? '').split('\n');
    const b = (after[file] ?? '').split('\n');
    expect(b.length, `${file} keeps its number of lines`).toBe(a.length);
    changes[file] = a.flatMap((line, index): [string, string][] =>
      line === b[index] ? [] : [[line, b[index] ?? '']],
    );
  }
  return changes;
}

/**
 * Runs `check` with CONTENT_DIR on a copy of content/ in which `change` has written its files, as the build
 * would read them.
 */
function withContent(change: (root: string) => void, check: () => void) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-cms-'));
  const before = process.env.CONTENT_DIR;
  try {
    fs.cpSync('content', root, { recursive: true });
    change(root);
    process.env.CONTENT_DIR = root;
    check();
  } finally {
    if (before === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = before;
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Writes the repository's `files` into a copy of content/ at `root`. */
const writeFiles = (files: Files) => (root: string) => {
  for (const [file, text] of Object.entries(files))
    fs.writeFileSync(path.join(root, path.relative('content', file)), text);
};

const first = categories[0]!;
/** The price the editor saves, over a thousand euros, and so written with a thousands mark in German. */
const newPrice = first.price + 1000;
const firstCopy = copyOf(first, 'de');

/** A new industry as an editor enters it: the fixture category's row, and its copy in both languages. */
const industry: Category = fixtureCategory;
const industryCopy: Record<Locale, CategoryContent> = {
  de: {
    ...fixtureCopy.de,
    keywords: ['Alarmanlagen Leads kaufen', 'Kunden für Alarmanlagen-Errichter', 'Anfragen Einbruchschutz'],
    benefits: [
      'Eigentümer, die jetzt handeln wollen – oft nach einem Einbruch in der Nachbarschaft',
      'Objektart und Größe sind vor dem ersten Anruf bekannt, vom Reihenhaus bis zur Lagerhalle',
      'Sie sehen, ob Funk- oder Kabelanlage, Kameras oder eine Aufschaltung gewünscht sind',
      'Gewerbekunden mit Auflagen ihres Versicherers als gut planbare Aufträge',
      'Weniger Besichtigungen ohne Abschluss, mehr Termine mit echtem Bedarf',
      'Bestellmenge frei wählbar – passend zu Ihren Montageterminen',
    ],
    features: [
      {
        title: 'Objektart und Größe',
        description:
          'Einfamilienhaus, Wohnung, Praxis oder Halle: Jede Anfrage nennt die Art des Objekts, die Zahl der Räume und Zugänge und die ungefähre Fläche.',
      },
      {
        title: 'Gewünschte Technik',
        description:
          'Funkanlage zum Nachrüsten, verkabelte Lösung im Neubau oder Kameras mit App: Der Interessent beschreibt, was er sich vorstellt.',
      },
      {
        title: 'Anlass der Anfrage',
        description:
          'Ein Einbruch nebenan, eine Auflage des Versicherers oder ein Umbau – am Anlass erkennen Sie, wie dringend das Projekt ist.',
      },
      {
        title: 'Aufschaltung und Wartung',
        description:
          'Sie erfahren, ob die Anlage auf eine Notruf- und Serviceleitstelle aufgeschaltet werden soll und ob ein Wartungsvertrag gewünscht ist.',
      },
      {
        title: 'Zeitplan',
        description:
          'Sofort, in den nächsten Wochen oder zum Einzug: Der Wunschtermin hilft Ihnen, Besichtigung und Montage einzuplanen.',
      },
      {
        title: 'Geprüfte Kontaktdaten',
        description:
          'Jede Telefonnummer ist bestätigt und jede Einwilligung protokolliert, bevor der Lead bei Ihnen ankommt.',
      },
    ],
    testimonial: {
      text: 'Früher fragten viele nur nach dem Preis für ein Set aus dem Baumarkt. Heute sehe ich vor dem Anruf, ob es um ein Einfamilienhaus oder ein Ladengeschäft geht und ob der Versicherer eine zertifizierte Anlage verlangt.',
      author: 'Markus Brandt, Inhaber und Errichter',
      company: 'Brandt Sicherheitstechnik',
    },
    sampleLead: [
      { label: 'Name', value: 'Thomas W.' },
      { label: 'PLZ/Ort', value: '50858 Köln' },
      { label: 'Telefon', value: '+49 221 •••• ••47' },
      { label: 'Objekt', value: 'Einfamilienhaus, 160 m², zwei Etagen, drei Zugänge' },
      { label: 'Wunsch', value: 'Funk-Alarmanlage mit App und zwei Außenkameras' },
      { label: 'Start', value: 'in den nächsten vier Wochen' },
    ],
  },
  en: {
    ...fixtureCopy.en,
    keywords: ['buy alarm system leads', 'customers for alarm installers', 'burglar alarm inquiries'],
    benefits: [
      'Owners who want to act now – often after a break-in in their street',
      'Property type and size are known before the first call, from terraced house to warehouse',
      'See whether they want a wireless or wired system, cameras or remote monitoring',
      'Business customers with insurer requirements, as jobs you can plan well',
      'Fewer site visits without a sale, more appointments with real demand',
      'Order as many leads as you like – to match your installation schedule',
    ],
    features: [
      {
        title: 'Property type and size',
        description:
          'House, flat, practice or warehouse: every inquiry states the type of property, the number of rooms and entrances, and the approximate floor area.',
      },
      {
        title: 'Preferred technology',
        description:
          'A wireless kit to retrofit, a wired system in a new build or cameras with an app: the prospect describes what they have in mind.',
      },
      {
        title: 'Reason for the inquiry',
        description:
          'A break-in next door, a requirement from the insurer or a renovation – the reason tells you how urgent the project is.',
      },
      {
        title: 'Monitoring and maintenance',
        description:
          'You learn whether the system should be connected to an alarm receiving centre and whether a maintenance contract is wanted.',
      },
      {
        title: 'Timeframe',
        description:
          'Right away, within the next few weeks or before moving in: the preferred date helps you plan the site visit and installation.',
      },
      {
        title: 'Verified contact details',
        description:
          'Every phone number is confirmed and every consent is logged before the lead reaches you.',
      },
    ],
    testimonial: {
      text: 'Many people used to ask only for the price of a DIY kit. Now I know before I call whether it is a family home or a shop, and whether the insurer requires a certified system.',
      author: 'Markus Brandt, owner and installer',
      company: 'Brandt Sicherheitstechnik',
    },
    sampleLead: [
      { label: 'Name', value: 'Thomas W.' },
      { label: 'Postal code / city', value: '50858 Cologne' },
      { label: 'Phone', value: '+49 221 •••• ••47' },
      { label: 'Property', value: 'Detached house, 160 m², two floors, three entrances' },
      { label: 'Request', value: 'Wireless alarm with app and two outdoor cameras' },
      { label: 'Start', value: 'within the next four weeks' },
    ],
  },
};

/** The CMS's name of each language, in the editor pane's name ("Edit German Content"). */
const languageNames: Record<Locale, string> = { de: 'German', en: 'English' };

/** A field's group in the editor, by its German label. */
const fieldGroup = (scope: Locator, label: string) =>
  scope.getByRole('group', { name: new RegExp(`^“\\W?${label}\\W?” Field$`) });

/** Scrolls an element to the top of its pane: the CMS draws the fields below it once they come into view. */
const toTop = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));

/**
 * Types a value into a field, and waits until the field shows it before the next step. A new entry's draft is set
 * up after its editor is drawn and can empty a field typed into before that (CI saw "Name" stay empty), so the
 * value is typed again until it stays; the saved files show every value the CMS took in.
 */
async function enter(box: Locator, value: string) {
  await expect(async () => {
    await box.fill(value);
    await expect(box).toHaveValue(value, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The name the editor sees for a value of a category table's select field (its German name, not the id). */
function optionName(fieldName: 'icon' | 'gradient', value: string): string {
  const table = cmsConfig().collections.find((collection) => collection.name === 'categories')!.files![0]!;
  const row = table.fields.find((field) => field.name === 'categories')!.fields as {
    name: string;
    options?: { label: string; value: string }[];
  }[];
  return row.find((field) => field.name === fieldName)!.options!.find((option) => option.value === value)!
    .label;
}

/** Picks an option of a select field by the name it shows. */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).last().click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/**
 * Adds one item per entry to a list field, with its button named by one item („Add Vorteil“); each entry maps
 * the item's field labels to their values.
 */
async function addItems(pane: Locator, list: string, item: string, items: Record<string, string>[]) {
  const field = fieldGroup(pane, list);
  const add = field.getByRole('button', { name: new RegExp(`^Add \\W?${item}\\W?$`) });
  for (const [index, item] of items.entries()) {
    // The click event itself: a pointer click lands where the button was, and the CMS may still be moving the
    // pane after the last item (a click there can fold the item above instead). Focus, for Enter, lags as well.
    await add.dispatchEvent('click');
    for (const [label, value] of Object.entries(item)) {
      const boxes = field.getByRole('textbox', { name: label, exact: true });
      // The new item's box, once the CMS has drawn it; the saved files show every value it took in.
      await expect(boxes).toHaveCount(index + 1);
      const box = boxes.nth(index);
      await toTop(box);
      await box.fill(value);
    }
  }
  await toTop(add);
}

/** Types one language's copy of a new industry into its editor pane. */
async function typeCopy(pane: Locator, copy: CategoryContent) {
  await enter(pane.getByRole('textbox', { name: 'Name', exact: true }), copy.name);
  await enter(pane.getByRole('textbox', { name: 'Seitentitel' }), copy.title);
  await enter(pane.getByRole('textbox', { name: 'Beschreibung' }), copy.description);
  await addItems(
    pane,
    'Suchbegriffe',
    'Suchbegriff',
    copy.keywords.map((keyword) => ({ Suchbegriff: keyword })),
  );
  await enter(pane.getByRole('textbox', { name: 'Hauptüberschrift (H1)' }), copy.h1);
  await addItems(
    pane,
    'Vorteile',
    'Vorteil',
    copy.benefits.map((benefit) => ({ Vorteil: benefit })),
  );
  await addItems(
    pane,
    'Leistungsmerkmale',
    'Leistungsmerkmal',
    copy.features.map(({ title, description }) => ({ Titel: title, Text: description })),
  );
  const testimonial = fieldGroup(pane, 'Kundenstimme');
  await enter(testimonial.getByRole('textbox', { name: 'Zitat' }), copy.testimonial.text);
  await enter(testimonial.getByRole('textbox', { name: 'Person und Funktion' }), copy.testimonial.author);
  await enter(testimonial.getByRole('textbox', { name: 'Firma' }), copy.testimonial.company);
  await toTop(testimonial.getByRole('textbox', { name: 'Firma' }));
  await addItems(
    pane,
    'Beispiel-Lead',
    'Angabe',
    copy.sampleLead.map(({ label, value }) => ({ Bezeichnung: label, Beispielwert: value })),
  );
}

/** The keys of a JSON value in the order they are written; a list by the keys of its first item. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [keyOrder(value[0])] : [];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([key, item]) => [key, keyOrder(item)]);
  return typeof value;
}

async function openTable(page: Page) {
  await page.getByRole('treeitem', { name: /Kategorien und Preise/ }).click();
  await page.getByRole('row', { name: /Kategorientabelle/ }).click();
}

async function openCopy(page: Page) {
  await page.getByRole('treeitem', { name: /Branchentexte/ }).click();
  await page.getByRole('row', { name: firstCopy.name }).first().click();
}

const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/**
 * Saves the open entry and waits for what the CMS reports: that the entry is saved, or that it refused to
 * save it, which fails the test at once with the CMS's message and the fields it marks. The notice of an
 * earlier save, or of an earlier refusal, stays for a few seconds; it has to be gone first, or it would
 * confirm a save whose files are still being written, or refuse one that has not been tried.
 */
async function saveAndConfirm(page: Page) {
  const notice = page.getByText(/Entry saved/).filter({ visible: true });
  const refusal = page.getByRole('alert').filter({ hasText: /fields? ha(s|ve) errors?/ });
  await expect(notice).toHaveCount(0);
  await expect(refusal).toHaveCount(0);
  await save(page);
  await expect(notice.or(refusal).first()).toBeVisible();
  if (await refusal.isVisible()) {
    const marked = await page
      .getByRole('group', { name: /Field$/ })
      .filter({ has: page.getByRole('alert') })
      .all();
    // Each field's first line of its accessibility tree: its role and name.
    const names = await Promise.all(marked.map(async (field) => (await field.ariaSnapshot()).split('\n')[0]));
    throw new Error(
      `The CMS did not save: ${await refusal.innerText()}\nFields it marks:\n${names.join('\n')}`,
    );
  }
}

const priceField = (page: Page) => page.getByRole('spinbutton', { name: /Preis pro Lead/ }).first();

async function openSite(page: Page) {
  await page.getByRole('treeitem', { name: /Website und Fakten/ }).click();
  await page.getByRole('row', { name: /Links und Geschäftsfakten/ }).click();
}

/** The VAT rate's field, which the CMS draws once the editor is scrolled down to it, as it does a long entry's fields. */
async function vatField(page: Page) {
  const field = page.getByRole('spinbutton', { name: /Umsatzsteuersatz/ }).first();
  const facts = page.getByRole('group', { name: /Geschäftsfakten/ }).first();
  await facts.scrollIntoViewIfNeeded();
  await facts.hover();
  await expect(async () => {
    if (!(await field.isVisible())) await page.mouse.wheel(0, 400);
    await expect(field).toBeVisible({ timeout: 1000 });
  }).toPass();
  return field;
}

/** The German pane's first benefit; the German pane comes first: German is the default language. */
async function firstBenefit(page: Page) {
  const benefits = page.getByRole('group', { name: /Vorteile/ }).first();
  await benefits.scrollIntoViewIfNeeded();
  return benefits.getByRole('textbox', { name: 'Vorteil' }).first();
}

/**
 * One editor's session in the CMS, loaded once: what the CMS refuses, what it saves and how, and a new
 * industry. Each step starts from the repository as it was: a refused save writes nothing, and the values
 * changed are changed back. The rules behind each refusal are properties of the generated configuration
 * (__tests__/cms-config.test.ts); here, that the CMS acts on them, shown with the first of them.
 */
test('the editors’ CMS: refuses a price of 0, saves one-line changes, changes back to every byte, adds an industry as by hand', async ({
  page,
}) => {
  // Some eighty fields typed into the CMS for the new industry (about 90 s on two cores under a load of 15)
  // and four saves before it: about two minutes in all there, so room for a slower machine.
  test.setTimeout(240_000);
  await openCms(page, repository);
  const table = 'content/categories.json';
  const copyFile = `content/de/categories/${first.translationKey}.json`;

  await test.step('refuses what the build would refuse (a price of 0) and changes no file; takes no cents', async () => {
    await openTable(page);
    await expect(priceField(page)).toHaveValue(String(first.price));
    await priceField(page).fill('0');
    await save(page);
    // The entry stays open; the field names the problem, and an alert says why nothing was saved.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'One field has an error' })).toBeVisible();
    expect(await readRepository(page)).toEqual(repository);

    // A price with cents, as a German editor writes it. The field holds whole euros: the cents are dropped as
    // they are typed, never joined to the euros (8950), and nothing else is taken from the keys after the comma.
    await priceField(page).fill('');
    await priceField(page).pressSequentially(`${first.price},50`);
    await expect(priceField(page)).toHaveValue(String(first.price));
    // The same when a keyboard sends the cents as one piece after the comma.
    await priceField(page).fill('');
    await priceField(page).pressSequentially(`${first.price},`);
    await page.keyboard.insertText('50');
    await expect(priceField(page)).toHaveValue(String(first.price));
    // Text put in at once, as a paste: a number grouped in threes, however it is marked, is taken as a whole;
    // one with cents is not taken at all.
    await priceField(page).fill('');
    await page.keyboard.insertText(`${first.price},50`);
    await expect(priceField(page)).toHaveValue('');
    await page.keyboard.insertText('1,240');
    await expect(priceField(page)).toHaveValue('1240');
  });

  await test.step('saves a price and a German benefit as two one-line changes that the build accepts', async () => {
    // Typed as a German editor writes twelve hundred, with a thousands mark: a field for a whole number takes
    // no mark (the CMS would read 1.200 as 1), so the digits arrive alone.
    await priceField(page).fill('');
    await priceField(page).pressSequentially(new Intl.NumberFormat('de-DE').format(newPrice));
    await expect(priceField(page)).toHaveValue(String(newPrice));
    await saveAndConfirm(page);

    await openCopy(page);
    const benefit = await firstBenefit(page);
    await expect(benefit).toHaveValue(firstCopy.benefits[0]!);
    await benefit.fill(`${firstCopy.benefits[0]} Geprüft.`);
    await saveAndConfirm(page);

    const after = await readRepository(page);
    expect(changedLines(repository, after)).toEqual({
      [table]: [[`      "price": ${first.price},`, `      "price": ${newPrice},`]],
      [copyFile]: [
        [
          `    ${JSON.stringify(firstCopy.benefits[0])},`,
          `    ${JSON.stringify(`${firstCopy.benefits[0]} Geprüft.`)},`,
        ],
      ],
    });

    // The build's own validation, run on a copy of content/ with the saved files in it.
    withContent(writeFiles({ [table]: after[table]!, [copyFile]: after[copyFile]! }), () =>
      expect(() => validateAllContent()).not.toThrow(),
    );
  });

  await test.step('values changed and changed back leave every byte as it was', async () => {
    await openTable(page);
    await priceField(page).fill(String(first.price));
    await saveAndConfirm(page);
    await expect(page.getByRole('row', { name: /Kategorientabelle/ })).toBeVisible();

    await openCopy(page);
    await (await firstBenefit(page)).fill(firstCopy.benefits[0]!);
    await saveAndConfirm(page);
    expect(await readRepository(page)).toEqual(repository);
  });

  await test.step('reads a VAT rate typed with a German decimal comma as that decimal, not as the digits after it', async () => {
    const site = 'content/site.json';
    const { vatRate } = (JSON.parse(repository[site]!) as { facts: { vatRate: number } }).facts;
    // A rate with a half, other than the one in the file, typed with its comma.
    const whole = Math.min(Math.floor(vatRate), 98);
    const rate = whole + (whole + 0.5 === vatRate ? 1.5 : 0.5);
    const typed = new Intl.NumberFormat('de-DE').format(rate);
    expect(typed).toContain(',');
    await openSite(page);
    const field = await vatField(page);
    await field.fill('');
    await field.pressSequentially(typed);
    await expect(field).toHaveValue(String(rate));
    await saveAndConfirm(page);
    expect(changedLines(repository, await readRepository(page))).toEqual({
      [site]: [[`    "vatRate": ${vatRate},`, `    "vatRate": ${rate},`]],
    });
    await openSite(page);
    await (await vatField(page)).fill(String(vatRate));
    await saveAndConfirm(page);
    expect(await readRepository(page)).toEqual(repository);
  });

  await test.step('adds an industry as the guide says: both copy files first, then the table row that picks them', async () => {
    await page.getByRole('treeitem', { name: /Branchentexte/ }).click();
    await page.getByRole('button', { name: 'Create New Entry' }).click();
    // The editor is drawn before the test looks which language its pane shows.
    await expect(page.getByRole('group', { name: /^Edit \W?\w+\W? Content$/ }).first()).toBeVisible();
    for (const locale of locales) {
      const pane = page.getByRole('group', {
        name: new RegExp(`^Edit \\W?${languageNames[locale]}\\W? Content$`),
      });
      if (!(await pane.isVisible()))
        await page.getByRole('radio', { name: languageNames[locale], exact: true }).first().click();
      await test.step(`types the ${languageNames[locale]} copy`, () => typeCopy(pane, industryCopy[locale]));
      // The copy files are named by the entry's slug, which the row's "Branchentext" then stores.
      await enter(page.getByRole('textbox', { name: 'Slug', exact: true }), industry.translationKey);
    }
    await saveAndConfirm(page);
    // Once saved, the name stays: renamed, the files would leave the row that picks them naming none.
    await page.getByText(industryCopy.de.name, { exact: true }).click();
    await page.getByRole('button', { name: 'Show Editor Options' }).click();
    const options = page.getByRole('menu', { name: 'Editor Options' });
    await expect(options.getByRole('menuitem', { name: 'Edit Slug' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel Editing' }).click();
    // Saved alone, the copy passes the build's checks: it waits for its row, and no page shows it yet.
    const copyOnly = await readRepository(page);
    withContent(
      writeFiles(
        Object.fromEntries(
          locales
            .map((locale) => `content/${locale}/categories/${industry.translationKey}.json`)
            .map((file) => [file, copyOnly[file]!]),
        ),
      ),
      () => {
        expect(() => validateAllContent()).not.toThrow();
        expect(getCategories().map((category) => category.id)).not.toContain(industry.id);
      },
    );

    await openTable(page);
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await page.getByRole('button', { name: /^Add \W?Kategorie\W?$/ }).click();
    const row = page.getByRole('group', { name: /^Edit / });
    await toTop(row.getByRole('textbox', { name: 'ID', exact: true }).last());
    await enter(row.getByRole('textbox', { name: 'ID', exact: true }).last(), industry.id);
    // Picked by the name the editor just gave the copy, not typed: no name can miss its files.
    await choose(row, 'Branchentext', industryCopy.de.name);
    await enter(row.getByRole('spinbutton', { name: /Preis pro Lead/ }).last(), String(industry.price));
    await choose(row, 'Symbol', optionName('icon', industry.icon));
    await choose(row, 'Farbe', optionName('gradient', industry.gradient));
    await enter(row.getByRole('textbox', { name: /Adresse deutsch/ }).last(), industry.slugs.de);
    await enter(row.getByRole('textbox', { name: /Adresse englisch/ }).last(), industry.slugs.en);
    await saveAndConfirm(page);

    const after = await readRepository(page);
    const copyFiles = locales.map((locale) => `content/${locale}/categories/${industry.translationKey}.json`);
    // Every other file keeps every byte.
    const changed = Object.keys({ ...repository, ...after }).filter(
      (file) => repository[file] !== after[file],
    );
    expect(changed.sort()).toEqual([table, ...copyFiles].sort());

    // The same table, key order, indentation, `$schema` line and final newline as a category added by hand.
    withContent(
      (root) => addFixtureCategory(root),
      () => {
        const byHand = (file: string) =>
          fs.readFileSync(path.join(process.env.CONTENT_DIR!, path.relative('content', file)), 'utf8');
        expect(after[table]).toBe(byHand(table));
        locales.forEach((locale, index) => {
          const text = after[copyFiles[index]!]!;
          const handWritten = JSON.parse(byHand(copyFiles[index]!)) as Record<string, unknown>;
          expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
          expect(keyOrder(JSON.parse(text))).toEqual(keyOrder(handWritten));
          expect(JSON.parse(text)).toEqual({ $schema: handWritten.$schema, ...industryCopy[locale] });
        });
      },
    );

    // The build's own validation accepts it, and the site's lists and routes take the new industry in.
    withContent(
      writeFiles(Object.fromEntries([table, ...copyFiles].map((file) => [file, after[file]!]))),
      () => {
        expect(() => validateAllContent()).not.toThrow();
        const list = getCategories();
        expect(list.at(-1)).toEqual(industry);
        expect(allPages(list).map(pagePath)).toEqual(
          expect.arrayContaining(locales.map((locale) => categoryPath(industry, locale))),
        );
        expect(categoryPath(industry, 'de')).toBe(`/leads/${industry.slugs.de}`);
        expect(categoryPath(industry, 'en')).toBe(`/en/leads/${industry.slugs.en}`);
        for (const locale of locales)
          expect(getCategoryContent(industry, locale).name).toBe(industryCopy[locale].name);
      },
    );
  });
});

/**
 * The interface texts' placeholders: the CMS checks every text of the file, every list item too, against its field
 * before it saves any, so this is where a rule that does not fit one of them shows (one did: "39 fields have errors").
 */
test('the editors’ CMS: refuses an interface text without its placeholder and saves one with it', async ({
  page,
}) => {
  await openCms(page, repository);
  await page.getByRole('treeitem', { name: /Oberflächentexte/ }).click();
  await page.getByRole('gridcell', { name: 'Oberflächentexte' }).click();
  // The editor draws a group's fields once it is on screen.
  await page
    .getByRole('group', { name: /Kategorie-Kachel/ })
    .first()
    .scrollIntoViewIfNeeded();
  const fromPrice = page.getByRole('textbox', { name: /Preis „ab …“/ }).first();
  const german = (JSON.parse(repository['content/de/ui.json']!) as { categoryCard: { fromPrice: string } })
    .categoryCard.fromPrice;
  expect(german).toContain('{price}');
  await expect(fromPrice).toHaveValue(german);

  // The price written out, as an editor might: it would stay when the price changes.
  await fromPrice.fill(german.replace('{price}', '89 €'));
  await save(page);
  await expect(page.getByRole('alert').filter({ hasText: 'One field has an error' })).toBeVisible();
  await expect(page.getByText('Bitte diese Platzhalter unverändert lassen: {price}.').first()).toBeVisible();
  expect(await readRepository(page)).toEqual(repository);

  await fromPrice.fill(`${german} netto`);
  await saveAndConfirm(page);
  const saved = await readRepository(page);
  expect(Object.keys(saved).filter((file) => saved[file] !== repository[file])).toEqual([
    'content/de/ui.json',
  ]);
});
