/**
 * A category that the shop does not sell, added the way an editor adds one: a
 * row in `categories.json` and a copy file per language, nothing else. Jest
 * tests and the `fixture` gate (a whole build with it) use it to prove that
 * every page, list and count follows the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Category } from '../lib/categories';
import type { Locale } from '../lib/i18n';

// Ids and slugs that no real category will take, so the fixture never collides with one an editor adds.
export const fixtureCategory: Category = {
  id: 'fixture-alarmanlagen',
  translationKey: 'fixture-alarmanlagen',
  price: 70,
  icon: 'shield',
  gradient: 'red',
  slugs: { de: 'fixture-alarmanlagen', en: 'fixture-alarm-systems' },
};

/** The copy that differs from the category it is modelled on; titles and descriptions must be unique. */
export const fixtureCopy: Record<Locale, { name: string; title: string; description: string; h1: string }> = {
  de: {
    name: 'Alarmanlagen',
    title: 'Alarmanlagen-Leads kaufen – geprüfte Anfragen',
    description:
      'Anfragen von Eigentümern und Gewerbe, die eine Alarmanlage planen – mit Objektart, Größe und Zeitplan.',
    h1: 'Qualifizierte Leads für Alarmanlagen-Errichter',
  },
  en: {
    name: 'Alarm Systems',
    title: 'Buy Alarm System Leads – Verified Inquiries',
    description:
      'Inquiries from homeowners and businesses in Germany planning an alarm system, with property type, size and timeframe.',
    h1: 'Qualified leads for alarm system installers',
  },
};

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/**
 * Adds the fixture category to the content folder `root` (a copy of `content/`): appends its row to the
 * table and writes its copy in every language, modelled on the first category's files so that it has
 * every field the schema asks for.
 */
export function addFixtureCategory(root: string): Category {
  const tableFile = path.join(root, 'categories.json');
  const table = readJson<{ categories: Category[] }>(tableFile);
  const model = table.categories[0]!;
  table.categories.push(fixtureCategory);
  fs.writeFileSync(tableFile, `${JSON.stringify(table, null, 2)}\n`);
  addFixtureCopy(root, model.translationKey);
  return fixtureCategory;
}

/**
 * Writes the fixture category's copy files, each modelled on the copy files named `model`, under the name
 * `name` (the fixture's own unless given), in the languages given (all unless given), without touching the
 * table: the copy an editor adds before its row.
 */
export function addFixtureCopy(
  root: string,
  model: string,
  name = fixtureCategory.translationKey,
  languages = Object.keys(fixtureCopy) as Locale[],
): void {
  for (const locale of languages) {
    const dir = path.join(root, locale, 'categories');
    const copy = readJson<Record<string, unknown>>(path.join(dir, `${model}.json`));
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      `${JSON.stringify({ ...copy, ...fixtureCopy[locale] }, null, 2)}\n`,
    );
  }
}
