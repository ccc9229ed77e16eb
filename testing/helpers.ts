/**
 * Small helpers the jest tests share: reading the content files as they are on
 * disk (the oracle the loaders are checked against), and comparing text whose
 * spaces a formatter may have made no-break.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentRoot } from '../lib/content';
import { euros, type Lang } from './spec';

/**
 * For the tests of the calling `describe` block: a copy of `content/` in a temporary folder, made the
 * content folder through CONTENT_DIR (lib/content.ts) and deleted afterwards. A fresh copy for each test,
 * or one for the whole block with `'all'`. Returns a function that gives the copy's path.
 */
export function useContentCopy(scope: 'each' | 'all' = 'each'): () => string {
  let root = '';
  const before = process.env.CONTENT_DIR;
  (scope === 'each' ? beforeEach : beforeAll)(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-content-'));
    fs.cpSync(contentRoot(), root, { recursive: true });
    process.env.CONTENT_DIR = root;
  });
  (scope === 'each' ? afterEach : afterAll)(() => {
    if (before === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = before;
    fs.rmSync(root, { recursive: true, force: true });
  });
  return () => root;
}

/** A content file as JSON, read straight from disk (`root` defaults to the content folder in use). */
export function readJson<T = unknown>(file: string, root: string = contentRoot()): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

/** A category's price per lead in euros, as content/categories.json has it. */
export function priceOf(id: string): number {
  const { categories } = readJson<{ categories: { id: string; price: number }[] }>('categories.json');
  const row = categories.find((category) => category.id === id);
  if (!row) throw new Error(`content/categories.json has no category ${id}`);
  return row.price;
}

/** Text with every run of white space, no-break spaces included, as one plain space. */
export function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/** Cents as a buyer reads them, from the money oracle, with plain spaces. */
export function centsAsText(cents: number, lang: Lang): string {
  return plain(euros(cents / 100, lang));
}
