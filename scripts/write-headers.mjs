#!/usr/bin/env node
// After `next build`: writes each page's own Content-Security-Policy into the
// page (a <meta> tag with the sha256 of its inline scripts, see
// scripts/lib/page-policy.mjs), and the site-wide headers of
// config/security-headers.mjs, the same for every page (scripts/lib/host-headers.mjs), as
//   out/_headers                   Netlify / Cloudflare Pages format (also read by scripts/serve.mjs)
//   out/_headers.nginx.conf        nginx `add_header` lines, included by deploy/nginx.conf
//   out/_headers.cloudfront.json   a CloudFront response headers policy, for an S3 bucket behind CloudFront
import fs from 'node:fs';
import path from 'node:path';
import { pageContentSecurityPolicy } from '../config/security-headers.mjs';
import { htmlFiles } from './lib/export-files.ts';
import { cloudFrontPolicy, headerRules, headersFile, nginxInclude } from './lib/host-headers.mjs';
import { withPagePolicy } from './lib/page-policy.mjs';

const root = path.resolve(process.argv[2] ?? 'out');

const files = htmlFiles(root).sort();
for (const file of files) {
  const { html } = withPagePolicy(fs.readFileSync(file, 'utf8'), pageContentSecurityPolicy);
  fs.writeFileSync(file, html);
}
fs.writeFileSync(path.join(root, '_headers'), `${headersFile()}\n`);
fs.writeFileSync(path.join(root, '_headers.nginx.conf'), `${nginxInclude()}\n`);
fs.writeFileSync(
  path.join(root, '_headers.cloudfront.json'),
  `${JSON.stringify(cloudFrontPolicy(), null, 2)}\n`,
);
console.log(
  `Wrote the policy of each of ${files.length} pages into the page, and ${headerRules().length} header rules to ${path.relative(process.cwd(), root)}/_headers.`,
);
