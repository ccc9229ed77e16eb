#!/usr/bin/env node
// Serves the static export in out/ the way a CDN does: `/x` answers with
// `x.html`, unknown paths with `404.html` and status 404, text is compressed,
// and the headers in `out/_headers` (Netlify/Cloudflare Pages format) are applied.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { resolveExportPath } from './lib/export-files.mjs';

const root = path.resolve(process.argv[2] ?? 'out');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
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

/** Parses `_headers`: a path pattern per unindented line, then indented `Name: value` lines. */
export function parseHeadersFile(text) {
  const rules = [];
  let current;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const index = line.indexOf(':');
      if (index > 0) current.headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()]);
    }
  }
  return rules;
}

function matches(pattern, urlPath) {
  const regex = new RegExp(
    '^' +
      pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
  );
  return regex.test(urlPath);
}

function loadRules() {
  try {
    return parseHeadersFile(fs.readFileSync(path.join(root, '_headers'), 'utf8'));
  } catch {
    return [];
  }
}



const rules = loadRules();

// Text is sent compressed, as every CDN does; Lighthouse measures what is transferred.
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const cache = new Map();

function encoded(file, acceptEncoding) {
  const data = fs.readFileSync(file);
  const type = types[path.extname(file)] ?? '';
  const encoding = !compressible.test(type) ? undefined : /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
  if (!encoding) return { data };
  const key = `${encoding}:${file}`;
  const cached = cache.get(key);
  if (cached && cached.source.equals(data)) return { data: cached.data, encoding };
  const compressed = encoding === 'br' ? zlib.brotliCompressSync(data) : zlib.gzipSync(data);
  cache.set(key, { source: data, data: compressed });
  return { data: compressed, encoding };
}

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
  let file = resolveExportPath(root, urlPath);
  if (!file) {
    status = 404;
    file = path.join(root, '404.html');
  }
  // Headers are chosen by the URL that was asked for, as on Netlify and Cloudflare Pages.
  const headers = { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' };
  const servedPath = status === 404 ? '/404.html' : urlPath;
  for (const rule of rules) {
    if (matches(rule.pattern, urlPath) || matches(rule.pattern, servedPath)) {
      for (const [name, value] of rule.headers) headers[name] = value;
    }
  }
  const body = encoded(file, request.headers['accept-encoding'] ?? '');
  if (body.encoding) headers['Content-Encoding'] = body.encoding;
  if (compressible.test(headers['Content-Type'])) headers.Vary = 'Accept-Encoding';
  headers['Content-Length'] = body.data.length;
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body.data);
});

server.listen(port, host, () => {
  console.log(`Serving ${path.relative(process.cwd(), root) || '.'} on http://localhost:${port}`);
});
