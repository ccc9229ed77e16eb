// Serves the static export in out/ the way a CDN does: `/x` answers with
// `x.html`, unknown paths with `404.html` and status 404, text is compressed,
// and the headers in `out/_headers` (Netlify/Cloudflare Pages format) are
// applied by the requested path, with those hosts' default Cache-Control for
// files no rule gives one.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { revalidate } from '../config/security-headers';
import { resolveExportPath } from './lib/export-files';
import { matchesPattern, parseHeadersFile } from './lib/host-headers';

const root = path.resolve(process.argv[2] ?? 'out');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

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

// Text is sent compressed, as every CDN does; Lighthouse measures what is transferred. A CDN answers
// from a cache of compressed files, so everything is compressed once at start-up, before the first
// request: compressing on the first request made each page's first load up to half a second slower
// (brotli's top quality took 560 ms for the largest chunk here), and Lighthouse counted that as server
// time. Quality 5 is what CDNs use for compression on the fly: all of out/ takes about 0.2 s, and the
// files are about a tenth larger than at quality 11, which makes the measured pages slightly heavier,
// never lighter, than a precompressed deployment.
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const cache = new Map<string, { source: Buffer; data: Buffer }>();

function encoded(file: string, acceptEncoding: string): { data: Buffer; encoding?: 'br' | 'gzip' } {
  const data = fs.readFileSync(file);
  const type = types[path.extname(file)] ?? '';
  const encoding = !compressible.test(type)
    ? undefined
    : /\bbr\b/.test(acceptEncoding)
      ? 'br'
      : /\bgzip\b/.test(acceptEncoding)
        ? 'gzip'
        : undefined;
  if (!encoding) return { data };
  const key = `${encoding}:${file}`;
  const cached = cache.get(key);
  if (cached && cached.source.equals(data)) return { data: cached.data, encoding };
  const compressed = encoding === 'br' ? zlib.brotliCompressSync(data, brotliOptions) : zlib.gzipSync(data);
  cache.set(key, { source: data, data: compressed });
  return { data: compressed, encoding };
}

/** Fills the cache with the brotli form of every text file, as a CDN's cache would hold them. */
function precompress(directory: string) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (compressible.test(types[path.extname(file)] ?? '')) encoded(file, 'br');
  }
}

precompress(root);

const server = http.createServer((request, response) => {
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
  headers['Cache-Control'] ??= revalidate;
  const body = encoded(file, request.headers['accept-encoding'] ?? '');
  if (body.encoding) headers['Content-Encoding'] = body.encoding;
  if (compressible.test(String(headers['Content-Type']))) headers.Vary = 'Accept-Encoding';
  headers['Content-Length'] = body.data.length;
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body.data);
});

server.listen(port, host, () => {
  // PORT=0 asks for a free port; the line names the one chosen (scripts/lib/local-site.ts reads it).
  console.log(
    `Serving ${path.relative(process.cwd(), root) || '.'} on http://localhost:${(server.address() as { port: number }).port}`,
  );
});
