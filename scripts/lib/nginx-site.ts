// deploy/nginx.conf as a small nginx configuration of its own, for the e2e nginx project (scripts/serve-nginx.ts)
// and the order service's test behind nginx (orders/test/nginx.test.ts): the server blocks as they are, with an
// export as their root and local ports instead of 443 and 80, plain HTTP (TLS is the certificate's business, not
// the site's), the order service where the test runs it, and nginx's own files (pid, temp files, logs) in a folder.
import fs from 'node:fs';
import path from 'node:path';

export interface NginxSiteOptions {
  /** The export nginx serves, for /srv/leadwerk. */
  root: string;
  /** The port of the site's block (443); the http → https redirect (80) listens on `redirectPort`. */
  port: number;
  redirectPort?: number;
  /** Where the order service listens, for 127.0.0.1:3001. */
  service?: string;
  /** nginx's folder: its configuration, pid, temp files, and the logs that deploy/nginx.conf keeps in /var/log/nginx. */
  dir: string;
}

/** Writes `dir/nginx.conf`; nginx runs it with `nginxArgs(dir)`. */
export function writeNginxSite({ root, port, redirectPort = port + 1, service, dir }: NginxSiteOptions) {
  let site = fs
    .readFileSync(path.join(__dirname, '..', '..', 'deploy', 'nginx.conf'), 'utf8')
    .replaceAll('/srv/leadwerk', root)
    .replaceAll('/var/log/nginx/', `${dir}/`);
  const once: [string, string][] = [
    ['listen 443 ssl http2;', `listen 127.0.0.1:${port};`],
    ['listen 80;', `listen 127.0.0.1:${redirectPort};`],
  ];
  for (const [from, to] of once) {
    if (site.split(from).length !== 2) throw new Error(`deploy/nginx.conf must have "${from}" once`);
    site = site.replace(from, to);
  }
  if (service) site = site.replaceAll('http://127.0.0.1:3001', `http://${service}`);
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
}

/** nginx in the foreground, with its files in `dir`. */
export function nginxArgs(dir: string): string[] {
  return ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'];
}
