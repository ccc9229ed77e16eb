#!/usr/bin/env node
// `npm run audit`: the Lighthouse categories whose result does not depend on
// the machine's speed (accessibility, best practices, SEO and the agentic
// llms.txt audit) on each kind of page (home, overview, category; the category
// page, the richest, in both languages), served from out/ by the same static
// server as `npm start`. Every category must score 1 and llms.txt must pass.
// Performance is timed, so it is not here: `npm run bench` measures it
// against the framework floor.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromeFlags, chromePath, startServer } from './lib/local-site.mjs';

const pages = ['/', '/en/categories', '/leads/treppenlifte', '/en/leads/stairlifts'];
const categories = ['accessibility', 'best-practices', 'seo', 'agents'];

const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'LlmsTxt', gatherer: 'agentic/llms-txt' }],
  audits: ['agentic/llms-txt'],
  categories: {
    agents: { title: 'Agents', auditRefs: [{ id: 'llms-txt', weight: 1 }] },
  },
  settings: { onlyCategories: categories },
};

/** Runs Lighthouse on one page; a run that failed to record (NO_NAVSTART and the like) is run again. */
async function audit(port, url) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, logLevel: 'error' }, config);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3)
      throw new Error(
        `Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    console.warn(`${url}: ${lhr.runtimeError.code}, running Lighthouse again`);
  }
}

/** Every audit that keeps a category below 1, by id. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (result) =>
        result && result.score !== null && result.score < 1 && result.scoreDisplayMode !== 'informative',
    )
    .map((result) => result.id);
}

const server = await startServer('out');
let failed = false;
try {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', ...chromeFlags],
  });
  try {
    console.log(`| page | ${categories.join(' | ')} |`);
    console.log(`|---|${categories.map(() => '---:').join('|')}|`);
    for (const path of pages) {
      const lhr = await audit(chrome.port, `${server.origin}${path}`);
      const scores = categories.map((category) => lhr.categories[category].score ?? 0);
      console.log(`| ${path} | ${scores.map((score) => Math.round(score * 100)).join(' | ')} |`);
      for (const category of categories) {
        if ((lhr.categories[category].score ?? 0) < 1) {
          failed = true;
          console.error(
            `  ${path}: ${category} below 100, failing audits: ${failingAudits(lhr, category).join(', ')}`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await server.close();
}
if (failed) console.error('\nEvery category must score 100 on every page.');
process.exit(failed ? 1 : 0);
