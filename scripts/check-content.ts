/**
 * `npm run check:content`: everything the build checks in `content/`, in a few
 * seconds and without a build, with the same messages: every file against its
 * schema, and every translation against the German file (same keys, same
 * `{placeholders}`). It also checks that the schemas in `content/schemas/` are
 * up to date (each file's `"$schema"` line is checked in __tests__/content.test.ts).
 *
 *   npm run check:content               check
 *   npm run check:content -- --write    (re)write content/schemas/ first, then check
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentRoot, validateAllContent } from '../lib/content';
import { jsonSchemaFiles } from '../lib/content-json-schemas';

const root = contentRoot();
const schemaDir = path.join(root, 'schemas');
const problems: string[] = [];

const schemas = jsonSchemaFiles();
if (process.argv.includes('--write')) {
  fs.mkdirSync(schemaDir, { recursive: true });
  for (const [file, text] of Object.entries(schemas)) fs.writeFileSync(path.join(schemaDir, file), text);
  console.log(
    `Wrote ${Object.keys(schemas).length} JSON Schema files to ${path.relative(process.cwd(), schemaDir)}/.`,
  );
}

try {
  validateAllContent();
} catch (error) {
  problems.push((error as Error).message);
}

for (const [file, text] of Object.entries(schemas)) {
  const onDisk = path.join(schemaDir, file);
  if (!fs.existsSync(onDisk) || fs.readFileSync(onDisk, 'utf8') !== text) {
    problems.push(
      `content/schemas/${file} is out of date with lib/content-schema.ts: run npm run check:content -- --write`,
    );
  }
}

// From the start of the process, so the time includes loading the schemas.
const seconds = process.uptime().toFixed(1);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\nContent check failed (${seconds} s).`);
  process.exit(1);
}
console.log(`Content is valid: every file matches its schema, and the languages match (${seconds} s).`);
