/**
 * The editors' CMS at /admin, driven through its in-browser test repository (the browser's private
 * file system), seeded with the real content/ files: what an editor saves must pass the build's own
 * validation and change only the lines the editor changed; what the build would refuse, the CMS refuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { categoryIcons } from '../lib/categories';
import { cmsConfig } from '../lib/cms-config';
import { validateAllContent } from '../lib/content';
import { categories, copyOf, expect, test } from './support';

type Files = Record<string, string>;

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

const first = categories[0]!;
const firstCopy = copyOf(first, 'de');

async function openTable(page: Page) {
  await page.getByRole('treeitem', { name: /Kategorien und Preise/ }).click();
  await page.getByRole('row', { name: /Kategorientabelle/ }).click();
}

async function openCopy(page: Page) {
  await page.getByRole('treeitem', { name: /Branchentexte/ }).click();
  await page.getByRole('row', { name: firstCopy.name }).first().click();
}

const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

test.describe('the editors’ CMS', () => {
  test('saves a price and a German benefit as two one-line changes that the build accepts', async ({
    page,
  }) => {
    await openCms(page, repository);

    await openTable(page);
    const price = page.getByRole('spinbutton', { name: /Preis pro Lead/ }).first();
    await expect(price).toHaveValue(String(first.price));
    await price.fill(String(first.price + 4));
    await save(page);
    await expect(page.getByText(/saved|gespeichert/i).first()).toBeVisible();

    await openCopy(page);
    // The German pane comes first: German is the default language.
    const benefits = page.getByRole('group', { name: /Vorteile/ }).first();
    await benefits.scrollIntoViewIfNeeded();
    const benefit = benefits.getByRole('textbox', { name: 'Vorteil' }).first();
    await expect(benefit).toHaveValue(firstCopy.benefits[0]!);
    await benefit.fill(`${firstCopy.benefits[0]} Geprüft.`);
    await save(page);
    await expect(page.getByText(/saved|gespeichert/i).first()).toBeVisible();

    const after = await readRepository(page);
    const table = 'content/categories.json';
    const copyFile = `content/de/categories/${first.translationKey}.json`;
    expect(changedLines(repository, after)).toEqual({
      [table]: [[`      "price": ${first.price},`, `      "price": ${first.price + 4},`]],
      [copyFile]: [
        [
          `    ${JSON.stringify(firstCopy.benefits[0])},`,
          `    ${JSON.stringify(`${firstCopy.benefits[0]} Geprüft.`)},`,
        ],
      ],
    });

    // The build's own validation, run on a copy of content/ with the saved files in it.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-cms-'));
    const before = process.env.CONTENT_DIR;
    try {
      fs.cpSync('content', root, { recursive: true });
      for (const file of [table, copyFile])
        fs.writeFileSync(path.join(root, path.relative('content', file)), after[file]!);
      process.env.CONTENT_DIR = root;
      expect(() => validateAllContent()).not.toThrow();
    } finally {
      if (before === undefined) delete process.env.CONTENT_DIR;
      else process.env.CONTENT_DIR = before;
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a value changed and changed back leaves every byte as it was', async ({ page }) => {
    await openCms(page, repository);
    for (const value of [first.price + 1, first.price]) {
      await openTable(page);
      await page
        .getByRole('spinbutton', { name: /Preis pro Lead/ })
        .first()
        .fill(String(value));
      await save(page);
      await expect(page.getByRole('row', { name: /Kategorientabelle/ })).toBeVisible();
    }
    expect(await readRepository(page)).toEqual(repository);
  });

  test.describe('refuses what the build would refuse, with a message, and changes no file', () => {
    const refused = async (page: Page) => {
      await save(page);
      // The entry stays open; the field names the problem, and an alert says why nothing was saved.
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'One field has an error' })).toBeVisible();
      expect(await readRepository(page)).toEqual(repository);
    };

    test('a price of 0', async ({ page }) => {
      await openCms(page, repository);
      await openTable(page);
      await page
        .getByRole('spinbutton', { name: /Preis pro Lead/ })
        .first()
        .fill('0');
      await refused(page);
    });

    test('five benefits instead of six', async ({ page }) => {
      await openCms(page, repository);
      await openCopy(page);
      const benefits = page.getByRole('group', { name: /Vorteile/ }).first();
      await benefits.scrollIntoViewIfNeeded();
      await benefits.getByRole('button', { name: 'Remove' }).first().click();
      await expect(benefits.getByRole('textbox', { name: 'Vorteil' })).toHaveCount(5);
      await refused(page);
    });

    test('an empty required field', async ({ page }) => {
      await openCms(page, repository);
      await openCopy(page);
      await page.getByRole('textbox', { name: 'Name', exact: true }).first().fill('');
      await refused(page);
    });

    test('an unknown icon: the editor can only pick one of the icons the site draws', async ({ page }) => {
      await openCms(page, repository);
      await openTable(page);
      await page.getByRole('combobox', { name: 'Symbol' }).first().click();
      // Each option's accessible name is the icon's id; the chosen one also carries a check mark.
      await expect(page.getByRole('option')).toHaveText(
        categoryIcons.map((icon) => new RegExp(`^\\s*${icon}\\b`)),
      );
    });
  });
});

test.describe('/admin as deployed, before anyone signs in', () => {
  // The CMS asks GitHub's status page whether GitHub is up, to warn editors; nothing else leaves the site.
  // The test aborts that request, which the browser logs.
  test.use({ allowThirdParty: /^www\.githubstatus\.com$/, expectedConsoleErrors: /ERR_BLOCKED_BY_CLIENT/ });

  test('loads from the site alone, under its own policy, and is not indexed', async ({ page, guard }) => {
    const response = await page.goto('/admin/');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Sign In with \W*GitHub/ })).toBeVisible();
    // On localhost, editors can also work on a folder of their checkout, without any account.
    await expect(page.getByRole('button', { name: 'Work with Local Repository' })).toBeVisible();
    expect(await guard.cspEvents(page)).toEqual([]);
    expect(guard.thirdParty.filter((url) => !url.startsWith('https://www.githubstatus.com/'))).toEqual([]);
  });
});
