#!/usr/bin/env node
// Grades the headers `npm start` serves with the rules of Mozilla's HTTP
// Observatory: its own test and grading code (@mdn/mdn-http-observatory),
// fed with the responses of the local server instead of a live scan, which
// needs a public HTTPS host. The host's http→https redirect (deploy/nginx.conf,
// or the platform's setting) is the one part that cannot exist locally, so it
// is given to the tests as a 301 to the same path over https.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ALL_TESTS, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { parseHttpEquivHeaders } from '@mdn/mdn-http-observatory/src/retriever/utils.js';
import { Requests } from '@mdn/mdn-http-observatory/src/types.js';
import { AxiosHeaders } from 'axios';

// The package's install step downloads the HSTS preload list, which cannot work
// offline. Without it the site simply gets no "already preloaded" credit.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preloadList = path.join(packageDir, 'conf', 'hsts-preload.json');
if (!fs.existsSync(preloadList)) fs.writeFileSync(preloadList, '{}');

const port = Number(process.env.OBSERVATORY_PORT ?? 3500);
const local = `http://localhost:${port}`;
const publicHost = 'www.leadwerk.de';
const paths = ['/', '/leads/treppenlifte', '/en/categories', '/does-not-exist'];
const required = process.env.OBSERVATORY_MIN_GRADE ?? 'A+';

async function waitForServer() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`${local}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('local server did not start');
}

async function grade(path) {
  const response = await fetch(`${local}${path}`);
  const body = await response.text();
  const headers = new AxiosHeaders(Object.fromEntries(response.headers.entries()));
  const httpsUrl = new URL(path, `https://${publicHost}`);
  const httpUrl = new URL(path, `http://${publicHost}`);

  const requests = new Requests(publicHost);
  const final = { status: response.status, headers, data: body, verified: true, httpEquiv: parseHttpEquivHeaders(body, httpsUrl.href) };
  requests.responses.auto = final;
  requests.responses.https = final;
  requests.responses.http = { status: 301, headers: new AxiosHeaders({ location: httpsUrl.href }), verified: true };
  requests.responses.httpRedirects = [
    { url: httpUrl, status: 301 },
    { url: httpsUrl, status: response.status },
  ];
  requests.responses.httpsRedirects = [{ url: httpsUrl, status: response.status }];
  requests.resources.path = body;
  requests.session = { url: httpsUrl };

  let extra = 100;
  let uncurved = 100;
  const results = ALL_TESTS.map((test) => test(requests));
  for (const result of results) {
    if (!result.result) continue;
    const modifier = getScoreModifier(result.result);
    extra += modifier;
    if (modifier < 0) uncurved += modifier;
  }
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extra : uncurved;
  const { grade: letter } = getGradeForScore(score);
  return { path, status: response.status, score, grade: letter, passed: results.filter((r) => r.pass).length, results };
}

const server = spawn(process.execPath, ['scripts/serve.mjs', 'out'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
let failed = false;
try {
  await waitForServer();
  const rows = [];
  for (const page of paths) rows.push(await grade(page));
  console.log('Mozilla HTTP Observatory rules on the headers of `npm start`\n');
  console.log('| path | status | score | grade | tests passed |');
  console.log('|---|---:|---:|---|---:|');
  for (const row of rows) console.log(`| ${row.path} | ${row.status} | ${row.score} | ${row.grade} | ${row.passed}/${NUM_TESTS} |`);
  for (const row of rows) {
    for (const result of row.results.filter((r) => !r.pass)) console.log(`  ${row.path}: ${result.constructor.name} → ${result.result}`);
    if (row.grade !== required) failed = true;
  }
  if (failed) console.error(`\nEvery page must grade ${required}.`);
} finally {
  server.kill();
}
process.exit(failed ? 1 : 0);
