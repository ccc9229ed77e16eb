// After `next build`: moves each page's framework scripts behind its first paint
// (scripts/lib/late-scripts.ts), and writes each page's own Content-Security-Policy into the page (a <meta>
// tag with the sha256 of its inline scripts, see scripts/lib/page-policy.ts), and the site-wide headers of
// config/security-headers.ts, the same for every page (scripts/lib/host-headers.ts), as
//   out/_headers                   Netlify / Cloudflare Pages format (also read by scripts/serve.ts)
//   out/_headers.nginx.conf        nginx `add_header` lines, included by deploy/nginx.conf
//   out/_headers.cloudfront.json   a CloudFront response headers policy, for an S3 bucket behind CloudFront
import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN_PATH,
  adminContentSecurityPolicy,
  pageContentSecurityPolicy,
} from '../config/security-headers';
import { exportRoot, htmlFiles } from './lib/export-files';
import { cloudFrontPolicy, headerRules, headersFile, nginxInclude } from './lib/host-headers';
import { withScriptsAfterPaint } from './lib/late-scripts';
import { withPagePolicy } from './lib/page-policy';

const root = exportRoot();

const files = htmlFiles(root).sort();
for (const file of files) {
  // The CMS page (public/admin/index.html) gets its own policy and keeps its scripts; every other page is a shop page.
  const isAdmin = `/${path.relative(root, file).split(path.sep).join('/')}`.startsWith(ADMIN_PATH);
  const policyFor = isAdmin ? adminContentSecurityPolicy : pageContentSecurityPolicy;
  const page = fs.readFileSync(file, 'utf8');
  const { html } = withPagePolicy(isAdmin ? page : withScriptsAfterPaint(page), policyFor);
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
