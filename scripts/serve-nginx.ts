// Serves the export with the real nginx and deploy/nginx.conf, for the e2e
// nginx project of playwright.config.ts: the server blocks as they are, made
// local by scripts/lib/nginx-site.ts, and nginx in the foreground with its
// files in a folder of its own.
//
//   PORT=8080 npx tsx scripts/serve-nginx.ts [out]   (the http → https redirect listens on PORT+1)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxArgs, writeNginxSite } from './lib/nginx-site';

const root = path.resolve(process.argv[2] ?? 'out');
const port = Number(process.env.PORT ?? 8080);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-nginx-'));

writeNginxSite({ root, port, dir });
const nginx = spawn('nginx', nginxArgs(dir), { stdio: 'inherit' });
const stop = () => nginx.kill('SIGQUIT');
process.on('SIGTERM', stop).on('SIGINT', stop);
nginx.on('exit', (code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
console.log(
  `nginx serves ${path.relative(process.cwd(), root) || '.'} with deploy/nginx.conf on http://localhost:${port}`,
);
