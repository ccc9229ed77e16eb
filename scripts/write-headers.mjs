#!/usr/bin/env node
// After `next build`: computes the sha256 of every inline script on every
// exported page and writes the headers of config/security-headers.mjs as
//   out/_headers              Netlify / Cloudflare Pages format (also read by scripts/serve.mjs)
//   out/_headers.json         the same rules as data, for CDNs configured by code
//   out/_csp.nginx.map        a `map $uri $page_csp` body for deploy/nginx.conf
//   out/_headers.nginx.conf   the common headers as nginx `add_header` lines
// 404.html also gets the policy as a <meta> tag, because hosts apply header
// rules by the requested path, which for a 404 is unknown.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { htmlFiles } from './lib/export-files.mjs';
import { cacheRules, commonHeaders, contentSecurityPolicy, revalidate } from '../config/security-headers.mjs';

const root = path.resolve(process.argv[2] ?? 'out');

/** Hashes of the inline scripts a browser would execute (JSON-LD data blocks are not executed). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes, body] = match;
    if (/\bsrc=/.test(attributes)) continue;
    const type = attributes.match(/\btype="([^"]*)"/)?.[1];
    if (type && !/^(text|application)\/(javascript|ecmascript)$|^module$/.test(type)) continue;
    hashes.push(crypto.createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...new Set(hashes)];
}

/** The URL paths a file is served under: `/x` and `/x.html`; `/` for the root index. */
function urlPaths(file) {
  const relative = '/' + path.relative(root, file).replace(/\\/g, '/');
  if (relative === '/index.html') return ['/', '/index.html'];
  return [relative.replace(/\.html$/, ''), relative];
}

// No header name appears in two rules that can match the same path: Cloudflare Pages and
// Netlify join such values with commas, which would corrupt Cache-Control or the CSP.
const rules = [{ pattern: '/*', headers: commonHeaders }];
for (const rule of cacheRules)
  rules.push({ pattern: rule.pattern, headers: { 'Cache-Control': rule.value } });

const files = htmlFiles(root).sort();
const nginxMap = [];
for (const file of files) {
  let html = fs.readFileSync(file, 'utf8');
  const scriptHashes = inlineScriptHashes(html);
  const csp = contentSecurityPolicy({ scriptHashes });
  for (const urlPath of urlPaths(file)) {
    rules.push({
      pattern: urlPath,
      headers: { 'Content-Security-Policy': csp, 'Cache-Control': revalidate },
    });
    nginxMap.push(`${JSON.stringify(urlPath)} ${JSON.stringify(csp)};`);
  }
  if (path.basename(file) === '404.html' && !html.includes('http-equiv="Content-Security-Policy"')) {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ scriptHashes, forMetaTag: true })}"/>`;
    html = html.replace(/<head>(<meta charSet="utf-8"\/>)?/, (head) => `${head}${meta}`);
    fs.writeFileSync(file, html);
  }
}

const headersText = rules
  .map((rule) =>
    [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  )
  .join('\n\n');
fs.writeFileSync(path.join(root, '_headers'), `${headersText}\n`);
fs.writeFileSync(path.join(root, '_headers.json'), `${JSON.stringify(rules, null, 2)}\n`);
fs.writeFileSync(path.join(root, '_csp.nginx.map'), `${nginxMap.join('\n')}\n`);
fs.writeFileSync(
  path.join(root, '_headers.nginx.conf'),
  Object.entries(commonHeaders)
    .map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`)
    .join('\n') + '\n',
);
console.log(
  `Wrote security headers for ${files.length} pages to ${path.relative(process.cwd(), root)}/_headers.`,
);
