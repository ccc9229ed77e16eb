// How a static host sees an export folder: which pages it has, and which file
// answers a URL path. The one URL → file mapping of the server, the build's
// header writer and the tests.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The export a script works on: the folder named on its command line, else where `npm run build` wrote it:
 * EXPORT_DIR when set (next.config.mjs), out/ otherwise.
 */
export function exportRoot(named: string | undefined = process.argv[2]): string {
  return path.resolve(named ?? (process.env.EXPORT_DIR || 'out'));
}

/** Every HTML page in the export (the framework's own assets under _next/ excluded). */
export function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_next' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a CDN with clean URLs serves for a path: the file itself, else
 * `path.html`, else `path/index.html`. Undefined when there is none (a 404).
 */
export function resolveExportPath(root: string, urlPath: string): string | undefined {
  const base = path.join(root, path.normalize(urlPath));
  if (base !== root && !base.startsWith(root + path.sep)) return undefined;
  const candidates = urlPath.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, `${base}.html`, path.join(base, 'index.html')];
  return candidates.find(isFile);
}

/**
 * Where a page's address with a trailing slash moves to: `/kategorien/` to `/kategorien` when `kategorien.html`
 * is a page, as Cloudflare Pages does, so each page has one address and a typed `/en/` still arrives. Undefined
 * for every other path, a folder with its own `index.html` (the CMS at `/admin/`) included.
 */
export function slashlessPage(root: string, urlPath: string): string | undefined {
  if (urlPath === '/' || !urlPath.endsWith('/')) return undefined;
  // Only a path already in its plain form moves: `//host/../page/` would otherwise send the browser to
  // another host (`//host/…` is a URL without a scheme).
  if (path.posix.normalize(urlPath) !== urlPath) return undefined;
  if (resolveExportPath(root, urlPath)) return undefined;
  const page = urlPath.slice(0, -1);
  return page.endsWith('/') || !resolveExportPath(root, page)?.endsWith('.html') ? undefined : page;
}

/**
 * Where a folder's address without its slash moves to: `/admin` to `/admin/` when the folder has an `index.html`
 * and no page or file of that name answers first, so that the page in the folder sees its own folder as the base
 * of its relative addresses. Undefined for every other path.
 */
export function folderWithSlash(root: string, urlPath: string): string | undefined {
  if (urlPath.endsWith('/') || path.posix.normalize(urlPath) !== urlPath) return undefined;
  const file = resolveExportPath(root, urlPath);
  return file && file === path.join(root, urlPath, 'index.html') ? `${urlPath}/` : undefined;
}
