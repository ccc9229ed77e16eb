import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { categoryIcons } from '@/lib/categories';
import { cmsConfig, cmsConfigFile, textFieldFile, type CmsField, type TextField } from '@/lib/cms-config';
import fixedTextFields from '@/lib/cms-text-fields.json';
import { getDictionary, getSite } from '@/lib/content';
import { placeholders } from '@/lib/content-parity';
import {
  categoryContentSchema,
  categoryTableSchema,
  dictionarySchema,
  siteSchema,
} from '@/lib/content-schema';
import { factValues } from '@/lib/facts';

const root = process.cwd();

function filesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

type Collection = {
  name: string;
  fields?: CmsField[];
  files?: { name: string; fields: CmsField[] }[];
  slug?: { editable?: unknown; pattern?: [string, string]; hint?: string };
};

function field(fields: CmsField[] | undefined, ...names: string[]): CmsField {
  const [name, ...rest] = names;
  const found = fields?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return rest.length ? field(found.fields as CmsField[], ...rest) : found;
}

/** A content file as the repository holds it, with its `$schema` line. */
const readContent = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(root, 'content', file), 'utf8')) as Record<string, unknown>;

type Key = string | number;

/** The CMS field that edits the value at `keys` of a file; list items have an index in `keys`, not in the config. */
function fieldAt(fields: CmsField[], keys: Key[]): CmsField {
  let found: CmsField | undefined;
  let scope = fields;
  for (const key of keys) {
    if (typeof key === 'number') {
      // A list of single values edits each with its `field`; a list of objects, with its `fields`.
      if (found?.field) found = found.field as CmsField;
      continue;
    }
    found = scope.find((candidate) => candidate.name === key);
    if (!found) throw new Error(`no field ${keys.join('.')}`);
    scope = (found.fields as CmsField[] | undefined) ?? [];
  }
  return found!;
}

/** A copy of `value` with the value at `keys` replaced. */
function withValue<T>(value: T, keys: Key[], replacement: unknown): T {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  let parent = copy as Record<Key, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<Key, unknown>;
  parent[keys.at(-1)!] = replacement;
  return copy;
}

/** The path of every text in a value, the first item of each list standing for all its items. */
function textPaths(value: unknown, keys: Key[] = []): Key[][] {
  if (typeof value === 'string') return [keys];
  if (Array.isArray(value)) return value.length ? textPaths(value[0], [...keys, 0]) : [];
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => key !== '$schema')
      .flatMap(([key, item]) => textPaths(item, [...keys, key]));
  return [];
}

/** The path of every list in a value. */
function listPaths(value: unknown, keys: Key[] = []): Key[][] {
  if (Array.isArray(value))
    return [keys, ...value.flatMap((item, index) => listPaths(item, [...keys, index]))];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => listPaths(item, [...keys, key]));
  return [];
}

const valueAt = (value: unknown, keys: Key[]): unknown =>
  keys.reduce((scope, key) => (scope as Record<Key, unknown>)[key], value);

const collections = () => cmsConfig().collections as Collection[];
const copyFields = () => collections().find((collection) => collection.name === 'copy')!.fields!;
const tableFields = () =>
  collections().find((collection) => collection.name === 'categories')!.files![0]!.fields;

const siteFields = () => collections().find((collection) => collection.name === 'site')!.files![0]!.fields;
const uiTextFields = () => collections().find((collection) => collection.name === 'texts')!.files![0]!.fields;

const table = readContent('categories.json');
/** The German interface texts, the definition every language is checked against. */
const ui = readContent('de/ui.json');
const firstRow = (table.categories as { translationKey: string }[])[0]!;
/** The German copy of the table's first industry, as the CMS opens it. */
const copy = readContent(`de/categories/${firstRow.translationKey}.json`);
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** The lengths from 0 to 30 the build accepts for the list at `keys`, its items repeated to fill it. */
function acceptedLengths(schema: z.ZodType, value: unknown, keys: Key[]): number[] {
  const items = valueAt(value, keys) as unknown[];
  const sized = (length: number) =>
    withValue(
      value,
      keys,
      Array.from({ length }, (_, index) => items[index % items.length]),
    );
  return Array.from({ length: 31 }, (_, length) => length).filter((length) => accepts(schema, sized(length)));
}

/**
 * What the build refuses, the CMS must refuse before it saves: each case below is a rule of the zod schemas
 * (lib/content-schema.ts), tried on the repository's own content, and the setting of the generated CMS
 * configuration that makes the CMS refuse it. That the CMS acts on its configuration is shown once in the
 * browser (e2e/cms.spec.ts, a price of 0).
 */
describe('the CMS refuses what the build would refuse', () => {
  it('a price of 0: the price is a whole number from the least one the build accepts', () => {
    const price = (value: number) => withValue(table, ['categories', 0, 'price'], value);
    expect(accepts(categoryTableSchema, table)).toBe(true);
    expect(accepts(categoryTableSchema, price(0))).toBe(false);
    const least = Array.from({ length: 201 }, (_, index) => index - 100).find((value) =>
      accepts(categoryTableSchema, price(value)),
    )!;
    expect(accepts(categoryTableSchema, price(least + 0.5))).toBe(false);
    expect(field(tableFields(), 'categories', 'price')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: least,
    });
  });

  it('a VAT rate of 0: the rate starts at the least decimal above 0 the field steps to, which the build accepts', () => {
    const site = readContent('site.json');
    const rate = (value: number) => withValue(site, ['facts', 'vatRate'], value);
    expect(accepts(siteSchema, site)).toBe(true);
    expect(accepts(siteSchema, rate(0))).toBe(false);
    const vatRate = field(siteFields(), 'facts', 'vatRate');
    expect(vatRate).toMatchObject({ widget: 'number', value_type: 'float' });
    expect(vatRate.min).toBeGreaterThan(0);
    expect(vatRate.min).toBe(vatRate.step);
    expect(accepts(siteSchema, rate(vatRate.min as number))).toBe(true);
  });

  it('five benefits instead of six: every list has the length range the build accepts', () => {
    const lists = listPaths(copy);
    expect(lists.map((keys) => keys.join('.'))).toContain('benefits');
    for (const keys of lists) {
      const lengths = acceptedLengths(categoryContentSchema, copy, keys);
      const [min, max] = [lengths[0], lengths.at(-1)];
      // Every length between the least and the most the build accepts, and the CMS says the same.
      expect({ keys, lengths }).toEqual({
        keys,
        lengths: Array.from({ length: max! - min! + 1 }, (_, i) => min! + i),
      });
      expect({ keys, field: fieldAt(copyFields(), keys) }).toMatchObject({
        keys,
        field: { widget: 'list', min, ...(max === 30 ? {} : { max }) },
      });
    }
    // The table needs at least as many rows as the build does.
    const rows = table.categories as unknown[];
    const leastRows = rows.findIndex((_, length) =>
      accepts(categoryTableSchema, withValue(table, ['categories'], rows.slice(0, length))),
    );
    expect(leastRows).toBeGreaterThanOrEqual(0);
    expect(field(tableFields(), 'categories')).toMatchObject({ widget: 'list', min: leastRows });
  });

  it('an empty required field: every text the build needs is a required field of the CMS', () => {
    const cases = [
      { schema: categoryContentSchema as z.ZodType, value: copy, fields: copyFields() },
      { schema: categoryTableSchema as z.ZodType, value: table, fields: tableFields() },
    ];
    for (const { schema, value, fields } of cases) {
      const texts = textPaths(value);
      expect(texts.length).toBeGreaterThan(0);
      for (const keys of texts) {
        expect({ keys, accepted: accepts(schema, withValue(value, keys, '')) }).toEqual({
          keys,
          accepted: false,
        });
        const { widget, required } = fieldAt(fields, keys);
        expect({ keys, widget, required }).toEqual({
          keys,
          widget: expect.stringMatching(/^(string|text|select|relation)$/),
          required: undefined,
        });
      }
    }
    expect(textPaths(copy).map((keys) => keys.join('.'))).toContain('name');
  });

  it('a page title of 61 characters in the interface texts: each text has the length the build accepts', () => {
    const texts = textPaths(ui);
    expect(texts.map((keys) => keys.join('.'))).toContain('meta.home.title');
    const fields = uiTextFields();
    for (const keys of texts) {
      const { maxlength } = fieldAt(fields, keys);
      const sized = (length: number) => withValue(ui, keys, 'x'.repeat(length));
      if (typeof maxlength === 'number') {
        expect({ keys, longest: accepts(dictionarySchema, sized(maxlength)) }).toEqual({
          keys,
          longest: true,
        });
        expect({ keys, over: accepts(dictionarySchema, sized(maxlength + 1)) }).toEqual({
          keys,
          over: false,
        });
      } else {
        expect({ keys, long: accepts(dictionarySchema, sized(5000)) }).toEqual({ keys, long: true });
      }
    }
  });

  it('a placeholder deleted from an interface text: the CMS names it and refuses to save, in both languages', () => {
    const english = readContent('en/ui.json');
    // The configuration is built once: it is the same for every text.
    const fields = uiTextFields();
    const at = (value: unknown, keys: Key[]) =>
      keys.reduce<unknown>((into, key) => (into as Record<Key, unknown>)[key], value) as string;
    // Every text, every item of every list too: the CMS checks each against its field before it saves any.
    const everyText = (value: unknown, keys: Key[] = []): Key[][] =>
      typeof value === 'string'
        ? [keys]
        : value !== null && typeof value === 'object'
          ? Object.entries(value)
              .filter(([key]) => key !== '$schema')
              .flatMap(([key, item]) => everyText(item, [...keys, Array.isArray(value) ? Number(key) : key]))
          : [];
    for (const [file, texts] of [ui, english].map((value, index) => [index, value] as const)) {
      for (const keys of everyText(texts)) {
        const { pattern } = fieldAt(fields, keys);
        if (!pattern) continue;
        const text = at(texts, keys);
        expect({ file, keys, text, saved: new RegExp((pattern as [string, string])[0]).test(text) }).toEqual({
          file,
          keys,
          text,
          saved: true,
        });
      }
    }
    // A list's items share one field, so no item's placeholders are a rule for the rest.
    const texts = textPaths(ui).filter((keys) => !keys.some((key) => typeof key === 'number'));
    const guarded = texts.filter((keys) => placeholders(at(ui, keys)).length > 0);
    expect(guarded.map((keys) => keys.join('.'))).toContain('categoryCard.fromPrice');
    for (const keys of texts) {
      const names = placeholders(at(ui, keys));
      const { pattern, hint } = fieldAt(fields, keys);
      if (names.length === 0) {
        expect({ keys, pattern }).toEqual({ keys, pattern: undefined });
        continue;
      }
      const refuses = new RegExp((pattern as [string, string])[0]);
      for (const text of [at(ui, keys), at(english, keys)]) {
        expect({ keys, text, saved: refuses.test(text) }).toEqual({ keys, text, saved: true });
        for (const name of names) {
          expect(hint).toContain(`{${name}}`);
          const without = text.replaceAll(`{${name}}`, '');
          expect({ keys, without, saved: refuses.test(without) }).toEqual({ keys, without, saved: false });
        }
      }
    }
  });

  it('a list item more in one language: each list of the interface texts has the count the build accepts', () => {
    const lists = listPaths(ui);
    expect(lists.length).toBeGreaterThan(0);
    for (const keys of lists) {
      const lengths = acceptedLengths(dictionarySchema, ui, keys);
      expect({ keys, field: fieldAt(uiTextFields(), keys) }).toMatchObject({
        keys,
        field: { widget: 'list', min: lengths[0], max: lengths.at(-1) },
      });
      // A list of one length says how many items it takes, so that no editor looks for a way to add one.
      if (lengths.length === 1)
        expect({ keys, hint: fieldAt(uiTextFields(), keys).hint }).toEqual({
          keys,
          hint: expect.stringContaining(`Genau ${lengths[0]} Einträge`),
        });
    }
  });

  it('an unknown fact id: the editor picks delivery channels, payment methods and the like from those with a label', () => {
    const facts = getSite().facts as unknown as Record<string, unknown>;
    const lists: [Key[], string][] = [
      [['delivery', 'channels'], 'channels'],
      [['paymentMethods'], 'paymentMethods'],
      [['replacementCriteria'], 'replacementCriteria'],
      [['consent', 'logged'], 'consentLogged'],
    ];
    for (const [keys, group] of lists) {
      const { widget, field: item } = fieldAt(siteFields(), ['facts', ...keys]) as CmsField & {
        field: CmsField;
      };
      const offered = (item.options as { label: string; value: string }[]).map((option) => option.value);
      // Every id that has a label in both languages, and nothing else; the ones site.json uses among them.
      for (const locale of ['de', 'en'] as const)
        expect(offered).toEqual(Object.keys(getDictionary(locale).facts[group as 'channels']));
      expect({ widget, item: item.widget }).toEqual({ widget: 'list', item: 'select' });
      expect(offered).toEqual(expect.arrayContaining(valueAt(facts, keys) as string[]));
    }
  });

  it('an unknown icon: the editor picks only from the icons the site draws', () => {
    const icon = (value: string) => withValue(table, ['categories', 0, 'icon'], value);
    for (const known of categoryIcons) expect(accepts(categoryTableSchema, icon(known))).toBe(true);
    expect(accepts(categoryTableSchema, icon(`${categoryIcons[0]}-unknown`))).toBe(false);
    const { widget, options, required, multiple } = field(tableFields(), 'categories', 'icon');
    expect({
      widget,
      values: (options as { value: string }[]).map((option) => option.value),
      required,
      multiple,
    }).toEqual({
      widget: 'select',
      values: [...categoryIcons],
      required: undefined,
      multiple: undefined,
    });
    // Each is offered by a German name of its own, not by its id.
    const names = (options as { label: string; value: string }[]).map((option) => option.label);
    expect(new Set(names).size).toBe(categoryIcons.length);
    for (const option of options as { label: string; value: string }[])
      expect(option.label).not.toBe(option.value);
  });

  it('a row whose copy files do not exist: the editor picks its copy from the industry texts, by name', () => {
    const copyCollection = collections().find((collection) => collection.name === 'copy')!;
    // The copy files are content/<language>/categories/<slug>.json, so the row stores the entry's slug.
    expect(copyCollection).toMatchObject({ folder: 'content', path: 'categories/{{slug}}', i18n: true });
    expect(field(tableFields(), 'categories', 'translationKey')).toMatchObject({
      widget: 'relation',
      collection: 'copy',
      value_field: '{{slug}}',
      display_fields: ['name'],
    });
    expect(field(tableFields(), 'categories', 'translationKey').multiple).toBeUndefined();
  });

  it('names an industry’s copy files once, as it is created, by the rule the build checks the table’s name with', () => {
    const slug = collections().find((collection) => collection.name === 'copy')!.slug!;
    // Renamed after it was saved, the files would leave the table's row naming files that no longer exist.
    expect(slug.editable).toEqual(['create']);
    expect(slug.hint).toMatch(/Kategorientabelle/);
    const pattern = new RegExp(slug.pattern![0]);
    const names = (table.categories as { translationKey: string }[]).map((row) => row.translationKey);
    for (const name of names) expect(name).toMatch(pattern);
    for (const wrong of ['Treppenlifte', 'wärmepumpen', 'photo voltaik', 'dach--bau', '-kanzlei'])
      expect(wrong).not.toMatch(pattern);
    expect(slug.pattern![1]).toMatch(/Kleinbuchstaben/);
  });
});

/** Every field of a collection with its path (collection, file, keys), to name it when a test fails. */
function everyField(fields: CmsField[], prefix: string): { path: string; field: CmsField }[] {
  return fields.flatMap((item) => {
    const path = `${prefix}.${item.name}`;
    const inner = [
      ...((item.fields as CmsField[] | undefined) ?? []),
      ...(item.field ? [item.field as CmsField] : []),
    ];
    return [{ path, field: item }, ...everyField(inner, path)];
  });
}

describe('the editors’ CMS configuration', () => {
  it('shows every field under a German name, never the file’s key such as „toastDescription“', () => {
    const fields = collections().flatMap((collection) => [
      ...everyField(collection.fields ?? [], collection.name),
      ...(collection.files ?? []).flatMap((file) =>
        everyField(file.fields, `${collection.name}.${file.name}`),
      ),
    ]);
    expect(fields.map(({ path }) => path)).toContain('texts.ui.orderForm.toastDescription');
    // The `$schema` line is hidden: no editor sees it, so it has no label.
    const shown = fields.filter(({ field }) => field.widget !== 'hidden');
    const raw = shown.filter(({ field }) => field.label === undefined || field.label === field.name);
    expect({ count: raw.length, keys: raw.map(({ path }) => path) }).toEqual({ count: 0, keys: [] });
  });

  it('keeps the line breaks of a mail’s closing: a text with line breaks is edited in a text area', () => {
    const english = readContent('en/ui.json');
    const broken = textPaths(ui).filter((keys) =>
      [ui, english].some((file) => String(valueAt(file, keys)).includes('\n')),
    );
    expect(broken.map((keys) => keys.join('.'))).toContain('checkout.mail.intro');
    for (const keys of broken)
      expect({ keys, widget: fieldAt(uiTextFields(), keys).widget }).toEqual({ keys, widget: 'text' });
  });

  it('links an uploaded file where the site serves it: public/ is the site’s root', () => {
    const { media_folder: folder, public_folder: address } = cmsConfig();
    expect(folder.startsWith('public/')).toBe(true);
    expect(address).toBe(`/${path.posix.relative('public', folder)}`);
  });

  it('is generated: public/admin/config.json is what lib/cms-config.ts makes of the schemas (npm run cms)', () => {
    expect(fs.readFileSync(path.join(root, 'public/admin/config.json'), 'utf8')).toBe(cmsConfigFile());
    // With each interface text's field fixed in a table that has every text, and no text that is gone.
    expect(fs.readFileSync(path.join(root, 'lib/cms-text-fields.json'), 'utf8')).toBe(textFieldFile());
  });

  it('stays as committed when an editor lengthens a text, breaks its line or adds a placeholder', () => {
    // What an editor may do to the German words in the CMS, on three texts that are one line without a placeholder.
    const edited = JSON.parse(JSON.stringify(ui)) as Record<string, unknown>;
    const oneLine = textPaths(ui).filter((keys) => {
      const text = String(valueAt(ui, keys));
      return typeof keys.at(-2) === 'string' && text.length < 40 && placeholders(text).length === 0;
    });
    expect(oneLine.length).toBeGreaterThanOrEqual(3);
    const [longer, broken, filled] = oneLine as [Key[], Key[], Key[]];
    const set = (keys: Key[], change: (text: string) => string) => {
      const parent = valueAt(edited, keys.slice(0, -1)) as Record<Key, string>;
      parent[keys.at(-1)!] = change(parent[keys.at(-1)!]!);
    };
    set(longer, (text) => `${text} ${'und noch mehr Worte '.repeat(8)}`);
    set(broken, (text) => `${text}\nZweite Zeile`);
    set(filled, (text) => `${text} {count}`);
    expect(cmsConfigFile(undefined, edited)).toBe(cmsConfigFile());
  });

  it('keeps in both languages the placeholders each text’s field asks for', () => {
    const fixed: Record<string, TextField> = fixedTextFields;
    const english = readContent('en/ui.json');
    for (const [field, { placeholders: kept = [] }] of Object.entries(fixed)) {
      if (kept.length === 0) continue;
      const keys = field.split('.').slice(1);
      for (const file of [ui, english])
        expect({ field, placeholders: placeholders(String(valueAt(file, keys))) }).toEqual({
          field,
          placeholders: expect.arrayContaining(kept),
        });
    }
  });

  it('carries the schemas’ slug rule: the pattern agrees with the build, with a German message and a warning', () => {
    const slug = field(tableFields(), 'categories', 'slugs', 'de');
    expect(slug.pattern).toEqual([expect.any(String), expect.stringMatching(/Kleinbuchstaben/)]);
    expect(slug.hint).toMatch(/Kleinbuchstaben/);
    // The warning stands once, on the group of both slugs.
    expect(field(tableFields(), 'categories', 'slugs').hint).toMatch(/Links von außen/);
    const pattern = new RegExp((slug.pattern as [string, string])[0]);
    const real = (table.categories as { slugs: { de: string } }[]).map((row) => row.slugs.de);
    // An empty slug is the required rule's case (above); every other value, the pattern decides as the build does.
    expect(accepts(categoryTableSchema, table)).toBe(true);
    for (const value of real) expect({ value, cms: pattern.test(value) }).toEqual({ value, cms: true });
    for (const value of [`${real[0]}-2`, `${real[0]}-`, `${real[0]}--2`, 'Ärzte', 'a b', '-a', 'B2b']) {
      const accepted = accepts(
        categoryTableSchema,
        withValue(table, ['categories', 0, 'slugs', 'de'], value),
      );
      expect({ value, cms: pattern.test(value) }).toEqual({ value, cms: accepted });
    }
  });

  it('names in its hints only placeholders the texts can use', () => {
    const site = collections().find((collection) => collection.name === 'site')!.files![0]!.fields;
    const hints = (fields: CmsField[]): string[] =>
      fields.flatMap((item) => [
        ...(typeof item.hint === 'string' ? [item.hint] : []),
        ...hints((item.fields as CmsField[] | undefined) ?? []),
      ]);
    const named = hints(site).flatMap(placeholders);
    expect(named).toContain('maxBuyers');
    const known = Object.keys(factValues('de', getSite(), getDictionary('de').facts));
    for (const name of named) expect({ name, known: known.includes(name) }).toEqual({ name, known: true });
  });

  it('saves what the repository holds: every content file is in the CMS’s JSON format, byte for byte', () => {
    for (const file of filesIn(path.join(root, 'content')).filter((name) => name.endsWith('.json'))) {
      const text = fs.readFileSync(file, 'utf8');
      expect({ file, text }).toEqual({ file, text: `${JSON.stringify(JSON.parse(text), null, 2)}\n` });
    }
  });
});
