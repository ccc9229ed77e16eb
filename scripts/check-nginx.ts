/**
 * Checks deploy/nginx.conf against the build in out/ with a real nginx: the
 * block is rendered with out/ as its root, on free local ports and with a
 * throwaway self-signed certificate, checked with `nginx -t`, started, and
 * asked for the home page, a category page, the overview, an unknown path, a
 * hashed asset, a social image, the header files and an http URL. Every page
 * must pass the HTTP Observatory rules of e2e/security-rules.ts with the headers
 * nginx sends. Not part of `npm test` (it needs nginx and openssl):
 *
 *   npm run build && npx tsx scripts/check-nginx.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { cacheRules, revalidate } from '../config/security-headers.mjs';
import { observatoryFindings, revalidationFindings } from '../e2e/security-rules';
import { siteHeaders } from './lib/host-headers.mjs';
import { inlineScriptHashes } from './lib/page-policy.mjs';
import { throwawayCertificate } from './lib/throwaway-certificate';

const project = path.resolve(__dirname, '..');
const out = path.join(project, 'out');
const HOST = 'www.leadwerk.de';
const failures: string[] = [];
const fail = (message: string) => failures.push(message);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** deploy/nginx.conf with out/ as its root, local ports and a certificate; each change must apply exactly once. */
function render(conf: string, changes: [string, string][]): string {
  let text = conf.replaceAll('/srv/leadwerk', out);
  for (const [from, to] of changes) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx.conf has "${from}" ${count} times; update this check`);
    text = text.replace(from, to);
  }
  return text;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function get(
  port: number,
  pathname: string,
  options: { tls: boolean; ca?: Buffer; method?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = (options.tls ? https : http).request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { Host: HOST },
        ...(options.tls ? { servername: HOST, ca: options.ca } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            // Node joins repeated headers with ", " (set-cookie aside), which the rules then see as sent twice.
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(', ') : (value ?? ''),
              ]),
            ),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function waitForPort(port: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx does not listen on ${port}`);
}

function firstFile(dir: string, extension: string): string {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name.endsWith(extension)) return full;
    if (entry.isDirectory()) {
      const found = firstFile(full, extension);
      if (found) return found;
    }
  }
  return '';
}

/** The site-wide headers, each exactly as config/security-headers.mjs has it. */
function checkSiteHeaders(where: string, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(siteHeaders())) {
    if (headers[name.toLowerCase()] !== value) fail(`${where}: ${name} is "${headers[name.toLowerCase()]}"`);
  }
}

function checkPage(where: string, answer: Answer, status: number) {
  if (answer.status !== status) fail(`${where}: status ${answer.status}, not ${status}`);
  if (!answer.headers['content-type']?.startsWith('text/html'))
    fail(`${where}: Content-Type ${answer.headers['content-type']}`);
  checkSiteHeaders(where, answer.headers);
  if (answer.headers['cache-control'] !== revalidate)
    fail(`${where}: Cache-Control "${answer.headers['cache-control']}", not "${revalidate}"`);
  const $ = cheerio.load(answer.body);
  const origin = `https://${HOST}`;
  for (const finding of [
    ...observatoryFindings({
      headers: answer.headers,
      metaPolicies: $('meta[http-equiv="Content-Security-Policy" i]')
        .toArray()
        .map((meta) => $(meta).attr('content') ?? ''),
      inlineScriptHashes: inlineScriptHashes(answer.body),
      scriptSources: $('script[src]')
        .toArray()
        .map((script) => new URL($(script).attr('src') ?? '', origin).href),
      origin,
    }),
    ...revalidationFindings(answer.headers),
  ])
    fail(`${where}: ${finding}`);
}

async function main() {
  for (const tool of ['nginx', 'openssl']) {
    if (spawnSync(tool, ['-v'], { stdio: 'ignore' }).error) throw new Error(`${tool} is not installed`);
  }
  if (!fs.existsSync(path.join(out, '_headers.nginx.conf')))
    throw new Error('no build in out/: npm run build');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-nginx-'));
  let nginx: ReturnType<typeof spawn> | undefined;
  try {
    const { cert, key } = throwawayCertificate(tmp, HOST);

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const block = render(fs.readFileSync(path.join(project, 'deploy/nginx.conf'), 'utf8'), [
      ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
      ['listen 80;', `listen 127.0.0.1:${httpPort};`],
      [
        '# ssl_certificate and ssl_certificate_key go here.',
        `ssl_certificate ${cert};\n    ssl_certificate_key ${key};`,
      ],
    ]);
    fs.writeFileSync(path.join(tmp, 'leadwerk.conf'), block);
    const temp = (name: string) => `${name}_temp_path ${path.join(tmp, name)};`;
    fs.writeFileSync(
      path.join(tmp, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(tmp, 'nginx.pid')};`,
        `error_log ${path.join(tmp, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${path.join(tmp, 'leadwerk.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', path.join(tmp, 'nginx.conf')];

    const test = spawnSync('nginx', ['-t', ...args], { encoding: 'utf8' });
    console.log(`$ nginx -t  (deploy/nginx.conf with root ${out}, ports ${httpsPort} and ${httpPort})`);
    console.log(test.stderr.trim());
    if (test.status !== 0) throw new Error('nginx -t failed');

    nginx = spawn('nginx', args, { stdio: 'inherit' });
    await waitForPort(httpsPort);
    const ca = fs.readFileSync(cert);
    const tls = { tls: true, ca };
    const report = (where: string, answer: Answer, ...names: string[]) =>
      console.log(
        `${answer.status} ${where.padEnd(34)} ${names.map((name) => `${name}: ${answer.headers[name] ?? '-'}`).join(' | ')}`,
      );

    const pages: [string, string, number][] = [
      ['/', 'home', 200],
      ['/leads/treppenlifte', 'category page', 200],
      ['/kategorien', 'overview', 200],
      ['/en/categories', 'overview (en)', 200],
      ['/diese-seite-gibt-es-nicht', 'unknown path', 404],
    ];
    for (const [pathname, what, status] of pages) {
      const answer = await get(httpsPort, pathname, tls);
      checkPage(`${pathname} (${what})`, answer, status);
      const meta =
        cheerio.load(answer.body)('meta[http-equiv="Content-Security-Policy" i]').attr('content') ?? '';
      report(pathname, answer, 'cache-control');
      console.log(`    header CSP: ${answer.headers['content-security-policy']}`);
      console.log(`    page CSP:   ${meta.replace(/'sha256-[^']+'/g, (hash) => `${hash.slice(0, 16)}…'`)}`);
    }

    const asset = `/${path
      .relative(out, firstFile(path.join(out, '_next/static'), '.js'))
      .split(path.sep)
      .join('/')}`;
    const image = `/${path
      .relative(out, firstFile(path.join(out, 'og'), '.png'))
      .split(path.sep)
      .join('/')}`;
    for (const [pathname, rule] of [
      [asset, '/_next/static/*'],
      [image, '/og/*'],
    ] as const) {
      const answer = await get(httpsPort, pathname, tls);
      const expected = cacheRules.find((cacheRule) => cacheRule.pattern === rule)?.value;
      if (answer.status !== 200) fail(`${pathname}: status ${answer.status}`);
      if (answer.headers['cache-control'] !== expected)
        fail(`${pathname}: Cache-Control "${answer.headers['cache-control']}", not "${expected}"`);
      checkSiteHeaders(pathname, answer.headers);
      report(pathname, answer, 'cache-control', 'content-type');
    }

    for (const pathname of ['/_headers', '/_headers.nginx.conf', '/_headers.cloudfront.json']) {
      const answer = await get(httpsPort, pathname, tls);
      if (answer.status !== 404) fail(`${pathname}: status ${answer.status}, not 404`);
      report(pathname, answer, 'cache-control');
    }

    const redirect = await get(httpPort, '/kategorien?x=1', { tls: false });
    if (redirect.status !== 301 || redirect.headers.location !== `https://${HOST}/kategorien?x=1`)
      fail(`http /kategorien?x=1: ${redirect.status} to ${redirect.headers.location}`);
    report('http://…/kategorien?x=1', redirect, 'location');
  } finally {
    if (nginx?.pid) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main()
  .catch((error: Error) => fail(error.message))
  .finally(() => {
    if (failures.length > 0) {
      console.error(
        `\ndeploy/nginx.conf does not serve the site as it should:\n${failures.map((line) => `  - ${line}`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log(
      '\ndeploy/nginx.conf: nginx -t passes, and every response carries the headers of config/security-headers.mjs.',
    );
  });
