/**
 * `npm run check:content`: everything the build checks in `content/`, in a few
 * seconds and without a build, with the same messages: every file against its
 * schema, and every translation against the German file (same keys, same
 * `{placeholders}`). It also checks that each file names its JSON Schema in
 * `"$schema"` and that the schemas in `content/schemas/` are up to date.
 *
 *   npm run check:content               check
 *   npm run check:content -- --write    also (re)write content/schemas/ and exit
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentRoot, validateAllContent } from '../lib/content';
import { jsonSchemaFiles, schemaFileFor } from '../lib/content-json-schemas';

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

/** Every JSON file below content/, schemas excepted, relative to it. */
function contentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === schemaDir ? [] : contentFiles(full);
    return entry.name.endsWith('.json') ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

for (const file of contentFiles(root)) {
  const schemaFile = schemaFileFor(file);
  if (!schemaFile) {
    problems.push(`content/${file}: the site does not read this file; move or delete it`);
    continue;
  }
  const relative = path.posix.relative(path.posix.dirname(file), `schemas/${schemaFile}`);
  const expected = relative.startsWith('.') ? relative : `./${relative}`;
  let ref: unknown;
  try {
    ref = (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { $schema?: unknown }).$schema;
  } catch {
    continue; // validateAllContent has reported the broken JSON already
  }
  if (ref !== expected)
    problems.push(`content/${file}: "$schema" must be "${expected}" so that editors get help while typing`);
}

// From the start of the process, so the time includes loading the schemas.
const seconds = process.uptime().toFixed(1);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\nContent check failed (${seconds} s).`);
  process.exit(1);
}
console.log(`Content is valid: every file matches its schema, and the languages match (${seconds} s).`);
