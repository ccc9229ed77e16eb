// Serves the static export in out/ the way a CDN does: `/x` answers with `x.html`, unknown paths with
// `404.html` and status 404, text is compressed, and the headers in `out/_headers` (Netlify/Cloudflare Pages
// format) are applied by the requested path, with those hosts' default Cache-Control for files no rule gives
// one. Under /api/ and /desk it serves the order service (orders/) and its desk on the same origin, with its
// database and mail folder in ORDERS_DATA_DIR (default .data/) and the site's own origins allowed.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import Negotiator from 'negotiator';
import { revalidate } from '../config/security-headers';
import { exportRoot, folderWithSlash, resolveExportPath, slashlessPage } from './lib/export-files';
import { matchesPattern, parseHeadersFile } from './lib/host-headers';
import { getSite } from '../lib/content';
import { readConfig, settingWarnings } from '../orders/config';
import { startService } from '../orders/service';

const root = exportRoot();
// An empty value counts as unset, as for the order service's settings: `HOST=` must not mean every interface.
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '127.0.0.1';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

// An export without a header file is served without rules; one that cannot be read stops the server.
const headersFile = path.join(root, '_headers');
const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];

/** The headers of every rule that matches the path. */
function headersFor(urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, urlPath)) continue;
    for (const [name, value] of rule.headers)
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

// Text is sent compressed, as every CDN does, from a cache like a CDN's: every text file is compressed
// with brotli at start-up (about 0.3 s), since compressing on a page's first request showed up in
// Lighthouse as server time. Quality 5, what CDNs use on the fly, makes files about a tenth larger than
// quality 11: the measured pages are slightly heavier, never lighter, than a precompressed deployment.
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const cache = new Map<string, { mtime: number; br?: Buffer; gzip?: Buffer }>();

/** A text file's brotli or gzip form, made once, and again when the file has changed. */
function compressed(file: string, encoding: 'br' | 'gzip'): Buffer {
  const mtime = fs.statSync(file).mtimeMs;
  const forms = cache.get(file)?.mtime === mtime ? cache.get(file)! : { mtime };
  cache.set(file, forms);
  const data = () => fs.readFileSync(file);
  return (forms[encoding] ??=
    encoding === 'br' ? zlib.brotliCompressSync(data(), brotliOptions) : zlib.gzipSync(data()));
}

for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }))
  if (compressible.test(types[path.extname(name)] ?? '')) compressed(path.join(root, name), 'br');

/** The order desk (`/desk` and below), which the order service serves, as `/api/` (docs/deployment.md). */
function isDesk(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return pathname === '/desk' || pathname.startsWith('/desk/');
}

/** The order service's request handler, once it has started. */
let orders: ReturnType<typeof getRequestListener> | undefined;

const server = http.createServer((request, response) => {
  if (request.url?.startsWith('/api/') || isDesk(request.url ?? '')) {
    if (orders) void orders(request, response);
    else response.writeHead(503, { 'Retry-After': '1' }).end();
    return;
  }
  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    response.writeHead(400).end('Bad request');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  // A page's address moves to its form without a slash, a folder's (the CMS at /admin) to its form with one,
  // with the headers of the address it moves to: /admin's redirect says noindex as /admin/ does.
  const moved = slashlessPage(root, urlPath) ?? folderWithSlash(root, urlPath);
  if (moved) {
    const { search } = new URL(request.url ?? '/', 'http://localhost');
    response.writeHead(308, { Location: encodeURI(moved) + search, ...headersFor(moved) }).end();
    return;
  }
  let status = 200;
  // The header files are for the host, not for visitors; no host publishes them.
  let file = urlPath.startsWith('/_headers') ? undefined : resolveExportPath(root, urlPath);
  if (!file) {
    status = 404;
    file = path.join(root, '404.html');
  }
  // Headers are chosen by the URL that was asked for, as on Netlify and Cloudflare Pages: a 404 gets
  // the rules of the unknown path. A header that two matching rules set is joined with a comma, as
  // Cloudflare Pages does; both hosts send `revalidate` where no rule sets a Cache-Control.
  const headers: Record<string, string | number> = {
    'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    ...headersFor(urlPath),
  };
  // A 404 is revalidated whatever its path's rule says, as nginx's 404 page is: a chunk missing for a moment
  // (a deploy under way) must not stay missing for a year in the browser that asked for it.
  if (status === 404) headers['Cache-Control'] = revalidate;
  headers['Cache-Control'] ??= revalidate;
  // A validator, as CDNs and nginx send one: a page revalidated on every use (`revalidate`) costs a 304, not
  // the page again, while it has not changed. Weak, since it stands for every encoding of the file.
  const { size, mtimeMs } = fs.statSync(file);
  headers.ETag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  if (status === 200 && request.headers['if-none-match'] === headers.ETag) {
    response.writeHead(304, headers).end();
    return;
  }
  const text = compressible.test(String(headers['Content-Type']));
  // Of the encodings the request accepts, brotli first, as CDNs prefer it; none, without an Accept-Encoding.
  const accepted = text ? new Negotiator(request).encodings(['br', 'gzip']) : [];
  const encoding = (['br', 'gzip'] as const).find((candidate) => accepted.includes(candidate));
  const data = encoding ? compressed(file, encoding) : fs.readFileSync(file);
  if (encoding) headers['Content-Encoding'] = encoding;
  if (text) headers.Vary = 'Accept-Encoding';
  headers['Content-Length'] = data.length;
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : data);
});

server.listen(port, host, async () => {
  const chosen = (server.address() as { port: number }).port;
  // The service takes orders from the pages of this origin, by either name.
  const config = readConfig({
    ALLOWED_ORIGINS: `http://localhost:${chosen},http://127.0.0.1:${chosen}`,
    // The sales team's mails link to their orders in this desk.
    DESK_URL: `http://localhost:${chosen}/desk`,
    ...process.env,
  });
  const site = getSite();
  for (const warning of settingWarnings(config, site.email, site.seller))
    console.error(`Order service: ${warning}`);
  const service = await startService(config);
  orders = getRequestListener(service.app.fetch);
  process.once('SIGTERM', () => {
    server.close();
    void service.close().then(() => process.exit(0));
  });
  // PORT=0 asks for a free port; the line names the one chosen (scripts/lib/local-site.ts reads it).
  console.log(`Serving ${path.relative(process.cwd(), root) || '.'} on http://localhost:${chosen}`);
});
