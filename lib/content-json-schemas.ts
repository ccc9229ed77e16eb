import { z } from 'zod';
import { categoryContentSchema, categoryTableSchema, dictionarySchema, siteSchema } from './content-schema';

/**
 * The JSON Schema files in `content/schemas/`, generated from the zod schemas
 * the build checks content with, so that editors' tools (VS Code reads each
 * file's `"$schema"`) offer completion and show errors while they type.
 * `npm run check:content -- --write` writes them; `npm run check:content` fails when
 * they are out of date. Rules a JSON Schema cannot express (unique ids and
 * slugs, the same keys in every language) are checked by the build alone.
 */
const contentSchemas = {
  'categories.schema.json': {
    schema: categoryTableSchema,
    title: 'Category table (content/categories.json)',
  },
  'category.schema.json': { schema: categoryContentSchema, title: 'Copy of one category in one language' },
  'ui.schema.json': {
    schema: dictionarySchema,
    title: 'Interface text of one language (its keys are those of content/de/ui.json)',
  },
  'site.schema.json': { schema: siteSchema, title: 'Site settings and links (content/site.json)' },
};

export type SchemaFile = keyof typeof contentSchemas;

/** Which schema a content file uses, by its path below `content/`. */
export function schemaFileFor(file: string): SchemaFile | undefined {
  if (file === 'categories.json') return 'categories.schema.json';
  if (file === 'site.json') return 'site.schema.json';
  if (/^[^/]+\/ui\.json$/.test(file)) return 'ui.schema.json';
  if (/^[^/]+\/categories\/[^/]+\.json$/.test(file)) return 'category.schema.json';
  return undefined;
}

/** Each schema file's text, as it must be on disk. */
export function jsonSchemaFiles(): Record<SchemaFile, string> {
  return Object.fromEntries(
    Object.entries(contentSchemas).map(([file, { schema, title }]) => [
      file,
      `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input' }) }, null, 2)}\n`,
    ]),
  ) as Record<SchemaFile, string>;
}
