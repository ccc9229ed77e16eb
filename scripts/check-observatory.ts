/**
 * Grades the served pages with Mozilla's HTTP Observatory itself, where it can
 * reach them: its scan (the `mdn-http-observatory-scan` command) asks a host
 * for `/` over http and https on the standard ports, so this serves out/ with
 * `_headers` (scripts/serve.mjs) behind a local HTTPS front on port 443 with a
 * throwaway certificate, and a port 80 that redirects to it, as a host does.
 * The front answers `/` with the page under test, so each page is scanned as
 * the root of `localhost`. Not part of `npm test`: it binds ports 80 and 443
 * (root), and it needs a copy of the package outside the project, which offline
 * lacks the HSTS preload list its install step downloads (see the README):
 *
 *   OBSERVATORY_DIR=/tmp/observatory/package npx tsx scripts/check-observatory.ts
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './lib/local-site.mjs';
import { throwawayCertificate } from './lib/throwaway-certificate';

const HOST = 'localhost';
const project = path.resolve(__dirname, '..');
const pages = [
  { path: '/', what: 'home' },
  { path: '/leads/treppenlifte', what: 'category page' },
  { path: '/kategorien', what: 'overview' },
  { path: '/diese-seite-gibt-es-nicht', what: 'unknown path (404)' },
];

interface Scan {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number; statusCode: number };
  tests: Record<
    string,
    {
      result: string;
      pass: boolean;
      scoreModifier: number;
      // The content-security-policy test also says which policies it read, and its merged view of them.
      http?: boolean;
      meta?: boolean;
      data?: Record<string, string[]> | null;
    }
  >;
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

async function main() {
  const dir = process.env.OBSERVATORY_DIR;
  if (!dir)
    throw new Error('set OBSERVATORY_DIR to an unpacked @mdn/mdn-http-observatory with its dependencies');
  const bin = path.join(dir, 'bin', 'wrapper.js');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  if (manifest.name !== '@mdn/mdn-http-observatory' || !fs.existsSync(bin))
    throw new Error(`${dir} is not @mdn/mdn-http-observatory`);
  if (!fs.existsSync(path.join(dir, 'conf', 'hsts-preload.json')))
    throw new Error(
      `${dir}/conf/hsts-preload.json is missing: its install step downloads it (see the README)`,
    );

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-observatory-'));
  const { cert, key } = throwawayCertificate(tmp, HOST);

  const site = await startServer(path.join(project, 'out'));
  let target = '/';
  // The front: `/` is the page under test, everything else (robots.txt, the CORS preflight) passes through.
  const front = https.createServer(
    { cert: fs.readFileSync(cert), key: fs.readFileSync(key) },
    (request, response) => {
      const upstreamPath = request.url === '/' ? target : (request.url ?? '/');
      const upstream = http.request(
        new URL(upstreamPath, site.origin),
        { method: request.method, headers: { accept: request.headers.accept ?? '*/*' } },
        (answer) => {
          // The scan grades only 2xx, 3xx, 401 and 403 answers; the 404 page is graded as the answer it is otherwise.
          const status = answer.statusCode === 404 && request.url === '/' ? 200 : (answer.statusCode ?? 502);
          response.writeHead(status, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      upstream.end();
    },
  );
  const redirect = http.createServer((request, response) => {
    response.writeHead(301, { Location: `https://${HOST}${request.url ?? '/'}` }).end();
  });
  const failures: string[] = [];
  try {
    await listen(front, 443);
    await listen(redirect, 80);
    console.log(`${manifest.name} ${manifest.version}, scanning https://${HOST}/ for each page:\n`);
    for (const page of pages) {
      target = page.path;
      // The command sets NODE_EXTRA_CA_CERTS to Mozilla's bundle; OpenSSL's store (SSL_CERT_FILE) trusts the throwaway certificate.
      // Run asynchronously: this process serves the pages the scan asks for.
      const run = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [bin, HOST],
          { env: { ...process.env, NODE_OPTIONS: '--use-openssl-ca', SSL_CERT_FILE: cert } },
          (_error, stdout, stderr) => resolve({ stdout, stderr }),
        ),
      );
      let result: Scan;
      try {
        result = JSON.parse(run.stdout) as Scan;
      } catch {
        throw new Error(`the scan of ${page.path} printed no result: ${run.stdout}${run.stderr}`);
      }
      if (!result.scan) throw new Error(`the scan of ${page.path} failed: ${run.stdout}`);
      const { grade, score, testsPassed, testsQuantity } = result.scan;
      console.log(
        `${page.path} (${page.what}): ${grade} (${score}), ${testsPassed} of ${testsQuantity} tests passed`,
      );
      for (const [name, test] of Object.entries(result.tests)) {
        const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
        console.log(`    ${test.pass ? 'pass' : 'FAIL'} ${modifier.padStart(3)} ${name}: ${test.result}`);
      }
      const csp = result.tests['content-security-policy'];
      console.log(
        `    the CSP test read a header policy: ${csp?.http}, a <meta> policy: ${csp?.meta}; ` +
          `its merged view has script-src ${csp?.data?.['script-src']?.join(' ')}`,
      );
      if (grade !== 'A+') failures.push(`${page.path}: ${grade} (${score})`);
    }
  } finally {
    await Promise.all([
      new Promise((resolve) => front.close(resolve)),
      new Promise((resolve) => redirect.close(resolve)),
      site.close(),
    ]);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new Error(`not A+: ${failures.join(', ')}`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
