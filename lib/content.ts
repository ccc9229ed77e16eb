import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Category } from './categories';
import { defaultLocale, locales, type Locale } from './i18n';
import { parityProblems, placeholders } from './content-parity';
import { factValues, withFacts } from './facts';
import {
  categoryContentSchema,
  categoryTableSchema,
  dictionarySchema,
  siteSchema,
  urlSafe,
  type CategoryContent,
  type Dictionary,
  type SiteSettings,
} from './content-schema';

export type { CategoryContent, Dictionary, SiteSettings };

/** Raised when a file in `content/` is missing, is not JSON or does not match its schema. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** `categories.3.icon` reads better as `categories[3] (id "alarm").icon` when the row has an id. */
function describePath(issuePath: readonly PropertyKey[], raw: unknown): string {
  if (issuePath.length === 0) return '()';
  let node = raw;
  return issuePath
    .map((key, index) => {
      node =
        typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
      if (typeof key !== 'number') return `${index === 0 ? '' : '.'}${String(key)}`;
      const id = typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
      return `[${key}]${typeof id === 'string' ? ` (id "${id}")` : ''}`;
    })
    .join('');
}

function describeIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): string {
  return issues.map((issue) => `  - ${describePath(issue.path, raw)}: ${issue.message}`).join('\n');
}

/**
 * Checks raw JSON against a schema. The error names the file and every
 * offending field, so an editor sees at once what to fix.
 */
export function parseContent<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ContentError(`Invalid content in ${file}:\n${describeIssues(result.error.issues, raw)}`);
  }
  return result.data;
}

/**
 * The content folder: `content/`, or the folder named by CONTENT_DIR (a build or a test with other content).
 * It is read on every load, and the cache below is keyed by absolute path, so a changed CONTENT_DIR applies
 * at once.
 */
export function contentRoot(): string {
  return process.env.CONTENT_DIR ?? path.join(process.cwd(), 'content');
}

/**
 * When the content was last changed: the date of the newest commit that touched the content folder, as git
 * records it. Undefined when git does not know (no repository, a folder outside it, git missing): a sitemap
 * then says nothing rather than a date that is not true, such as the time of the build.
 */
export function contentLastChanged(): Date | undefined {
  const folder = contentRoot();
  try {
    const date = execFileSync('git', ['log', '-1', '--format=%cI', '--', '.'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return date ? new Date(date) : undefined;
  } catch {
    return undefined;
  }
}

interface Loaded {
  modified: number;
  value: unknown;
}

/**
 * Parsed files by path. An entry is read again when its file changed, so
 * `next dev` shows an edit on the next reload; a build reads each file once.
 */
const cache = new Map<string, Loaded>();

function load<T>(schema: z.ZodType<T>, file: string): T {
  const absolute = path.join(contentRoot(), file);
  const label = `content/${file}`;
  let modified: number;
  try {
    modified = fs.statSync(absolute).mtimeMs;
  } catch {
    throw new ContentError(`Missing content file ${label}`);
  }
  const cached = cache.get(absolute);
  if (cached && cached.modified === modified) return cached.value as T;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new ContentError(`${label} is not valid JSON: ${(error as Error).message}`);
  }
  const value = parseContent(schema, raw, label);
  cache.set(absolute, { modified, value });
  return value;
}

/** The category table, in display order. */
export function getCategories(): readonly Category[] {
  return load(categoryTableSchema, 'categories.json').categories;
}

/** Each parsed file with the business facts filled in, kept as long as neither it nor site.json changes. */
const filled = new WeakMap<object, { site: SiteSettings; value: unknown }>();

function filledWithFacts<T extends object>(value: T, locale: Locale): T {
  const site = getSite();
  const cached = filled.get(value);
  if (cached && cached.site === site) return cached.value as T;
  const labels = load(dictionarySchema, `${locale}/ui.json`).facts;
  const result = withFacts(value, factValues(locale, site, labels));
  filled.set(value, { site, value: result });
  return result;
}

/** The interface text of one language, with the business facts of content/site.json filled in. */
export function getDictionary(locale: Locale): Dictionary {
  return filledWithFacts(load(dictionarySchema, `${locale}/ui.json`), locale);
}

export function getSite(): SiteSettings {
  return load(siteSchema, 'site.json');
}

/** One category's copy in one language, with the business facts filled in. */
export function getCategoryContent(category: Category, locale: Locale): CategoryContent {
  return readCopy(category.translationKey, locale);
}

function readCopy(translationKey: string, locale: Locale): CategoryContent {
  return filledWithFacts(load(categoryContentSchema, `${locale}/categories/${translationKey}.json`), locale);
}

/** Translated names of all categories, e.g. for the cart, which shows lines of any category. */
export function getCategoryNames(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    getCategories().map((category) => [category.id, getCategoryContent(category, locale).name]),
  );
}

/**
 * The names of the copy files to check: those the category table names, and those in a language's folder that
 * no row names yet. An editor adds a new industry's copy first and its row after it (content/ANLEITUNG.md), so
 * each change passes the checks on its own; a copy that no row names is checked like any other and published
 * with its row.
 */
function copyNames(list: readonly Category[]): string[] {
  const names = new Set(list.map((category) => category.translationKey));
  for (const locale of locales) {
    const folder = path.join(contentRoot(), locale, 'categories');
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    for (const file of files) if (path.extname(file) === '.json') names.add(path.basename(file, '.json'));
  }
  return [...names];
}

/** Each translation of the dictionary and of every category's copy against the default language's file. */
function translationProblems(names: readonly string[]): string[] {
  const files = ['ui.json', ...names.map((name) => `categories/${name}.json`)];
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(contentRoot(), file), 'utf8')) as unknown;
  return files.flatMap((file) => {
    const referenceFile = `${defaultLocale}/${file}`;
    return locales
      .filter((locale) => locale !== defaultLocale)
      .flatMap((locale) => {
        const otherFile = `${locale}/${file}`;
        return parityProblems(
          read(referenceFile),
          read(otherFile),
          `content/${otherFile}`,
          `content/${referenceFile}`,
        );
      });
  });
}

/**
 * Reads one copy file and refuses a placeholder the site does not fill in: the business facts are the only ones
 * the copy has, so a name that is not one of them (a typo such as {maxbuyers}, the same in both languages, which
 * the comparison of the languages passes) would stand on the page as it is.
 */
function unknownPlaceholders(translationKey: string, locale: Locale): void {
  const left = placeholders(JSON.stringify(readCopy(translationKey, locale)));
  if (left.length === 0) return;
  const known = Object.keys(factValues(locale, getSite(), load(dictionarySchema, `${locale}/ui.json`).facts));
  throw new ContentError(
    `content/${locale}/categories/${translationKey}.json: ${left.map((name) => `{${name}}`).join(', ')} is not a placeholder the site fills in, and would show on the page as it is. The copy can use: ${known.map((name) => `{${name}}`).join(', ')}`,
  );
}

/**
 * Checks every content file at once and reports every problem, not just the
 * first: each file against its schema, then each translation against the
 * default language (same keys, same placeholders). The build calls this, so
 * one bad file fails it; `npm run check:content` calls it without a build.
 */
export function validateAllContent(): void {
  const problems: string[] = [];
  const attempt = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  attempt(() => getSite());
  let list: readonly Category[] = [];
  attempt(() => (list = getCategories()));
  const names = copyNames(list);
  for (const name of names) {
    const checked = urlSafe.safeParse(name);
    if (!checked.success)
      problems.push(
        `content/<language>/categories/${name}.json: the file's name (the entry's slug in the CMS) is not valid: ${checked.error.issues[0]?.message}`,
      );
  }
  for (const locale of locales) {
    attempt(() => getDictionary(locale));
    for (const translationKey of names) attempt(() => unknownPlaceholders(translationKey, locale));
  }
  // Comparing translations needs files that parsed; with schema errors, those come first.
  if (problems.length === 0) problems.push(...translationProblems(names));
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
}
