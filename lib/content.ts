import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { categories, type Category } from './categories';
import type { Locale } from './i18n';
import {
  categoryContentSchema,
  dictionarySchema,
  siteSchema,
  type CategoryContent,
  type Dictionary,
  type SiteSettings,
} from './content-schema';

export type { CategoryContent, Dictionary, SiteSettings };

/** Raised when a file in `content/` is missing, is not JSON or does not match its schema. */
export class ContentError extends Error {
  override name = 'ContentError';
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
      return `  - ${field}: ${issue.message}`;
    })
    .join('\n');
}

/**
 * Checks raw JSON against a schema. The error names the file and every
 * offending field, so an editor sees at once what to fix.
 */
export function parseContent<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ContentError(`Invalid content in ${file}:\n${describeIssues(result.error.issues)}`);
  }
  return result.data;
}

export function contentRoot(): string {
  return process.env.CONTENT_DIR ?? path.join(process.cwd(), 'content');
}

function readJson(file: string, root: string): unknown {
  const absolute = path.join(root, file);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch {
    throw new ContentError(`Missing content file content/${file}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentError(`content/${file} is not valid JSON: ${(error as Error).message}`);
  }
}

const cache = new Map<string, unknown>();

function load<T>(schema: z.ZodType<T>, file: string, root: string): T {
  const key = `${root}\0${file}`;
  if (!cache.has(key)) cache.set(key, parseContent(schema, readJson(file, root), `content/${file}`));
  return cache.get(key) as T;
}

export function getDictionary(locale: Locale, root = contentRoot()): Dictionary {
  return load(dictionarySchema, `${locale}/ui.json`, root);
}

export function getSite(root = contentRoot()): SiteSettings {
  return load(siteSchema, 'site.json', root);
}

export function getCategoryContent(
  category: Category,
  locale: Locale,
  root = contentRoot(),
): CategoryContent {
  return load(categoryContentSchema, `${locale}/categories/${category.translationKey}.json`, root);
}

/** Translated names of all categories, e.g. for the cart, which shows lines of any category. */
export function getCategoryNames(
  locale: Locale,
  list: readonly Category[] = categories,
  root = contentRoot(),
) {
  return Object.fromEntries(
    list.map((category) => [category.id, getCategoryContent(category, locale, root).name]),
  );
}

/** Checks every content file at once; the build calls this so one bad file fails it. */
export function validateAllContent(list: readonly Category[] = categories, root = contentRoot()): void {
  const problems: string[] = [];
  const attempt = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  attempt(() => getSite(root));
  for (const locale of ['de', 'en'] as const) {
    attempt(() => getDictionary(locale, root));
    for (const category of list) attempt(() => getCategoryContent(category, locale, root));
  }
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
}
