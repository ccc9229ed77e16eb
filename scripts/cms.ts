// Prepares /admin, the editors' CMS: writes its configuration, generated from the content schemas
// (lib/cms-config.ts), to public/admin/config.json, with the field of each interface text fixed in
// lib/cms-text-fields.json (a new text's added, a removed one's dropped), and bundles the CMS from its npm package into
// public/admin/sveltia/, so that the site serves it from its own origin. Runs before `dev` and `build`;
// `--check` only reports whether the committed configuration is up to date.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { cmsConfigFile, textFieldFile } from '../lib/cms-config';

const admin = path.join(process.cwd(), 'public', 'admin');
const configFile = path.join(admin, 'config.json');
const textFieldsFile = path.join(process.cwd(), 'lib', 'cms-text-fields.json');

/** Whether the committed file differs from what the schemas make of it. */
const isStale = (file: string, text: string) =>
  !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;

async function main() {
  // The table first: the configuration reads it (a text added since is read from its German text meanwhile).
  const fields = textFieldFile();
  const config = cmsConfigFile();
  if (process.argv.includes('--check')) {
    const stale = [textFieldsFile, configFile].filter((file) =>
      isStale(file, file === configFile ? config : fields),
    );
    for (const file of stale)
      console.error(`${path.relative(process.cwd(), file)} is out of date: run npm run cms`);
    process.exit(stale.length > 0 ? 1 : 0);
  }

  // Written only when they changed: the builds run this beside the tests that read the committed files.
  if (isStale(textFieldsFile, fields)) fs.writeFileSync(textFieldsFile, fields);
  if (isStale(configFile, config)) fs.writeFileSync(configFile, config);

  // The package's build is made for a bundler: it imports its translations (../locales/<language>.json)
  // and some of its dependencies (syntax highlighting, maps, image tools) by name, which a browser cannot
  // load as they are. Bundling turns each of them into a chunk of its own, loaded only when used: the
  // German interface is one file, asked for once by a German browser. The entry stays at sveltia/index.js
  // and the package's own chunks in sveltia/chunks/, so that the fonts, images and workers that the code
  // finds relative to itself are where the package has them, in sveltia/assets/.
  const entry = require.resolve('@sveltia/cms');
  const target = path.join(admin, 'sveltia');
  fs.rmSync(target, { recursive: true, force: true });
  await build({
    entryPoints: { index: entry },
    outdir: target,
    bundle: true,
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(path.dirname(entry), 'assets'), path.join(target, 'assets'), {
    recursive: true,
    filter: (file) => !file.endsWith('.map'),
  });
  console.log(
    `Wrote ${path.relative(process.cwd(), configFile)} and bundled the CMS into ${path.relative(process.cwd(), target)}/.`,
  );
}

void main();
