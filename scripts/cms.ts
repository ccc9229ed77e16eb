// Prepares /admin, the editors' CMS: writes its configuration, generated from the content schemas
// (lib/cms-config.ts), to public/admin/config.json, and copies the CMS from its npm package into
// public/admin/sveltia/, so that the site serves it from its own origin. Runs before `dev` and `build`;
// `--check` only reports whether the committed configuration is up to date.
import fs from 'node:fs';
import path from 'node:path';
import { cmsConfigFile } from '../lib/cms-config';

const admin = path.join(process.cwd(), 'public', 'admin');
const configFile = path.join(admin, 'config.json');

if (process.argv.includes('--check')) {
  const stale = !fs.existsSync(configFile) || fs.readFileSync(configFile, 'utf8') !== cmsConfigFile();
  if (stale) console.error('public/admin/config.json is out of date: run npm run cms');
  process.exit(stale ? 1 : 0);
}

fs.writeFileSync(configFile, cmsConfigFile());

// The package's build for bundlers loads its fonts and chunks relative to itself; source maps stay out.
const source = path.dirname(require.resolve('@sveltia/cms'));
const target = path.join(admin, 'sveltia');
fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(source, target, { recursive: true, filter: (file) => !file.endsWith('.map') });
console.log(
  `Wrote ${path.relative(process.cwd(), configFile)} and copied the CMS to ${path.relative(process.cwd(), target)}/.`,
);
