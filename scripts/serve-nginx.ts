// Serves the export with the real nginx and deploy/nginx.conf, for the e2e
// nginx project of playwright.config.ts: the server blocks as they are,
// with the export as their root and local ports instead of 443 and 80, plain
// HTTP (TLS is the certificate's business, not the site's), and nginx in the
// foreground with its files in a folder of its own.
//
//   PORT=8080 npx tsx scripts/serve-nginx.ts [out]   (the http → https redirect listens on PORT+1)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'out');
const port = Number(process.env.PORT ?? 8080);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-nginx-'));

let site = fs
  .readFileSync(path.join(__dirname, '..', 'deploy', 'nginx.conf'), 'utf8')
  .replaceAll('/srv/leadwerk', root);
for (const [from, to] of [
  ['listen 443 ssl http2;', `listen 127.0.0.1:${port};`],
  ['listen 80;', `listen 127.0.0.1:${port + 1};`],
] as [string, string][]) {
  if (site.split(from).length !== 2) throw new Error(`deploy/nginx.conf must have "${from}" once`);
  site = site.replace(from, to);
}
const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
  (name) => `${name}_temp_path ${dir}/${name};`,
);
fs.writeFileSync(
  path.join(dir, 'nginx.conf'),
  [
    `pid ${dir}/nginx.pid;`,
    'worker_processes 1;',
    'events { worker_connections 64; }',
    `http { include /etc/nginx/mime.types; default_type application/octet-stream; access_log off; ${temp.join(' ')}`,
    site,
    '}',
  ].join('\n'),
);

const nginx = spawn(
  'nginx',
  ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'],
  { stdio: 'inherit' },
);
const stop = () => nginx.kill('SIGQUIT');
process.on('SIGTERM', stop).on('SIGINT', stop);
nginx.on('exit', (code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
console.log(
  `nginx serves ${path.relative(process.cwd(), root) || '.'} with deploy/nginx.conf on http://localhost:${port}`,
);
