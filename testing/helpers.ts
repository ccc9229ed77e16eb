/**
 * Small helpers the jest tests share: reading the content files as they are on
 * disk (the oracle the loaders are checked against), and comparing text whose
 * spaces a formatter may have made no-break.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { euros, type Lang } from './spec';

/** The real `content/` folder. */
export const contentDir = path.join(__dirname, '..', 'content');

/** A copy of `content/` in a temporary folder, for tests that edit content; `removeCopy` deletes it. */
export function copyContent(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-content-'));
  fs.cpSync(contentDir, root, { recursive: true });
  return root;
}

export function removeCopy(root: string): void {
  fs.rmSync(root, { recursive: true, force: true });
}

/** A content file as JSON, read straight from disk (`root` defaults to `content/`). */
export function readJson<T = unknown>(file: string, root: string = contentDir): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

/** Text with every run of white space, no-break spaces included, as one plain space. */
export function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/** Cents as a buyer reads them, from the money oracle, with plain spaces. */
export function centsAsText(cents: number, lang: Lang): string {
  return plain(euros(cents / 100, lang));
}
