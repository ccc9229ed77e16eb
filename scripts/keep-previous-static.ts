// Carries the hashed files of earlier deploys forward into this one, for hosts
// whose deploys replace every file at once (Netlify, Cloudflare Pages). A tab
// opened before a deploy still asks for the old chunks when it first opens the
// cart or the menu; with them in the new deploy, it gets them.
//
//   npx tsx scripts/keep-previous-static.ts <archive> [days]   (after npm run build)
//
// <archive> is a folder the host keeps between builds (its build cache). The
// script copies every archived file that this build lacks into
// out/_next/static/, then archives this build's files, and forgets archived
// files that no build has had for more than [days] days (default 7). File names
// are content hashes, so an old file never overwrites a new one.
import fs from 'node:fs';
import path from 'node:path';

const [archiveArgument, daysArgument = '7'] = process.argv.slice(2);
if (!archiveArgument) {
  console.error('usage: npx tsx scripts/keep-previous-static.ts <archive> [days]');
  process.exit(2);
}
const archive = path.resolve(archiveArgument);
const days = Number(daysArgument);
const staticDir = path.resolve('out', '_next', 'static');
const ledgerFile = path.join(archive, 'last-seen.json');

/** Every file below a folder, relative to it. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) =>
      entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name))] : [],
    );
}

const archivedFiles = path.join(archive, 'files');
/** When each archived file was last part of a build, by its path. */
const lastSeen: Record<string, number> = fs.existsSync(ledgerFile)
  ? JSON.parse(fs.readFileSync(ledgerFile, 'utf8'))
  : {};
const now = Date.now();
const current = new Set(filesIn(staticDir));

let carried = 0;
for (const file of filesIn(archivedFiles)) {
  if (current.has(file)) continue;
  if (now - (lastSeen[file] ?? 0) > days * 86_400_000) {
    fs.rmSync(path.join(archivedFiles, file));
    delete lastSeen[file];
    continue;
  }
  fs.mkdirSync(path.dirname(path.join(staticDir, file)), { recursive: true });
  fs.copyFileSync(path.join(archivedFiles, file), path.join(staticDir, file));
  carried += 1;
}
for (const file of current) {
  fs.mkdirSync(path.dirname(path.join(archivedFiles, file)), { recursive: true });
  fs.copyFileSync(path.join(staticDir, file), path.join(archivedFiles, file));
  lastSeen[file] = now;
}
fs.writeFileSync(ledgerFile, JSON.stringify(lastSeen));
console.log(`Carried ${carried} files of earlier deploys into out/_next/static; archived ${current.size}.`);
