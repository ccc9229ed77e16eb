import fs from 'node:fs';
import path from 'node:path';
import { cmsConfig, cmsConfigFile, type CmsField } from '@/lib/cms-config';

const root = process.cwd();

function filesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

type Collection = { name: string; fields?: CmsField[]; files?: { name: string; fields: CmsField[] }[] };

function field(fields: CmsField[] | undefined, ...names: string[]): CmsField {
  const [name, ...rest] = names;
  const found = fields?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return rest.length ? field(found.fields as CmsField[], ...rest) : found;
}

describe('the editors’ CMS configuration', () => {
  it('is generated: public/admin/config.json is what lib/cms-config.ts makes of the schemas (npm run cms)', () => {
    expect(fs.readFileSync(path.join(root, 'public/admin/config.json'), 'utf8')).toBe(cmsConfigFile());
  });

  it('carries the schemas’ rules: six benefits, prices above 0, known icons, URL-safe slugs', () => {
    const collections = cmsConfig().collections as Collection[];
    const copy = collections.find((collection) => collection.name === 'copy')!.fields;
    expect(field(copy, 'benefits')).toMatchObject({ widget: 'list', min: 6, max: 6 });
    expect(field(copy, 'features')).toMatchObject({ widget: 'list', min: 6, max: 6 });
    const table = collections.find((collection) => collection.name === 'categories')!.files![0]!.fields;
    expect(field(table, 'categories', 'price')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
    });
    expect(field(table, 'categories', 'icon')).toMatchObject({
      widget: 'select',
      options: expect.arrayContaining(['stairlift']),
    });
    expect(field(table, 'categories', 'slugs', 'de').pattern).toEqual([
      expect.any(String),
      expect.stringMatching(/Kleinbuchstaben/),
    ]);
    expect(field(table, 'categories', 'slugs', 'de').hint).toMatch(/Links von außen/);
  });

  it('saves what the repository holds: every content file is in the CMS’s JSON format, byte for byte', () => {
    for (const file of filesIn(path.join(root, 'content')).filter((name) => name.endsWith('.json'))) {
      const text = fs.readFileSync(file, 'utf8');
      expect({ file, text }).toEqual({ file, text: `${JSON.stringify(JSON.parse(text), null, 2)}\n` });
    }
  });
});
