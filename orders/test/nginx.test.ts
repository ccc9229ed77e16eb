// The service behind the shipped nginx configuration (deploy/nginx.conf, made local as the e2e nginx project
// makes it): the checkout's orders and the desk pass through, and nginx's access log keeps the desk's paths
// without the searches in their query strings. Without nginx the test says so; under CI it fails instead.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { nginxInclude } from '../../scripts/lib/host-headers';
import { nginxArgs, writeNginxSite } from '../../scripts/lib/nginx-site';
import {
  buyer,
  freePort,
  kill,
  post,
  startProcess,
  tempDir,
  validOrder,
  waitFor,
  type ServiceProcess,
} from './helpers';

const missing = 'nginx is not installed: apt-get install nginx';
function nginxSkip(): string | false {
  if (!spawnSync('nginx', ['-v']).error) return false;
  if (process.env.CI === 'true') throw new Error(missing);
  console.warn(`\n!!! ${missing}; the nginx test is skipped !!!\n`);
  return missing;
}

describe('the service behind deploy/nginx.conf', { skip: nginxSkip() }, () => {
  let service: ServiceProcess;
  let nginx: ChildProcess;
  let dataDir: string;
  let root: string;
  let dir: string;
  let site: string;
  /** The http → https redirect's server (port 80). */
  let redirect: string;
  before(async () => {
    dataDir = tempDir('orders-nginx');
    service = await startProcess({ ORDERS_DATA_DIR: dataDir });
    // The export's one file that the configuration includes; no page is asked for.
    root = tempDir('nginx-root');
    fs.writeFileSync(path.join(root, '_headers.nginx.conf'), `${nginxInclude()}\n`);
    dir = tempDir('nginx');
    const port = await freePort();
    const redirectPort = await freePort();
    writeNginxSite({
      root,
      port,
      redirectPort,
      service: new URL(service.url).host,
      dir,
    });
    nginx = spawn('nginx', nginxArgs(dir), { stdio: 'ignore' });
    site = `http://127.0.0.1:${port}`;
    redirect = `http://127.0.0.1:${redirectPort}`;
    await waitFor('nginx', () =>
      fetch(`${site}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      ),
    );
  });

  after(async () => {
    if (nginx) await kill(nginx, 'SIGQUIT');
    if (service) await kill(service.child, 'SIGTERM');
    for (const folder of [dataDir, root, dir])
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('passes orders and the desk on, logs clients by their network, and the desk’s requests without a buyer’s search', async () => {
    const placed = await fetch(`${site}/api/orders`, post(validOrder()));
    assert.equal(placed.status, 201);
    // A search by e-mail address and one by company, as the list's form sends them; the sign-in page they lead to
    // without a session keeps the search in `next`, and the stylesheet of that page gets it as its Referer.
    const searches = [buyer.email, buyer.company].map((q) => `/desk?${new URLSearchParams({ q })}`);
    for (const search of searches) {
      const answer = await fetch(`${site}${search}`, { redirect: 'manual' });
      assert.equal(answer.status, 303, search);
      const signIn = answer.headers.get('location')!;
      assert.match(signIn, /^\/desk\/sign-in\?/);
      assert.equal((await fetch(`${site}${signIn}`)).status, 200, signIn);
      const stylesheet = await fetch(`${site}/desk/desk.css`, { headers: { Referer: `${site}${signIn}` } });
      assert.equal(stylesheet.status, 200);
    }

    // With a trailing slash, which the site's own rule for pages would take if it came first.
    const slashed = `/desk/sign-in/?${new URLSearchParams({ next: searches[0]! })}`;
    assert.notEqual((await fetch(`${site}${slashed}`, { redirect: 'manual' })).status, 502);

    // A search typed with http://, which the port-80 server sends on to HTTPS.
    assert.equal((await fetch(`${redirect}${searches[0]}`, { redirect: 'manual' })).status, 301);

    // Every request is logged; the desk's eight are the ones to read.
    const log = await waitFor('the desk’s eight lines in the access log', () => {
      const text = fs.readFileSync(path.join(dir, 'access.log'), 'utf8');
      const desk = text
        .trim()
        .split('\n')
        .filter((line) => line.includes(' /desk'));
      return desk.length === 8 && text;
    });
    // Each line names the client by its network, never by its address (127.0.0.1 here).
    const lines = log.trim().split('\n');
    assert.ok(
      lines.some((line) => line.includes('"POST /api/orders HTTP/1.1" 201')),
      log,
    );
    for (const line of lines) assert.ok(line.startsWith('127.0.0.0 - '), line);
    assert.doesNotMatch(log, /127\.0\.0\.1/);
    for (const request of [
      'GET /desk HTTP/1.1" 303',
      'GET /desk/sign-in HTTP/1.1" 200',
      'GET /desk/desk.css',
      'GET /desk/sign-in/ HTTP/1.1"',
      'GET /desk HTTP/1.1" 301',
    ])
      assert.ok(log.includes(request), `${request} in\n${log}`);
    // Neither the address nor the company, as typed or percent-encoded.
    for (const value of [buyer.email, buyer.company])
      for (const written of [value, encodeURIComponent(value), new URLSearchParams({ q: value }).toString()])
        assert.ok(!log.toLowerCase().includes(written.toLowerCase()), `${written} in\n${log}`);
    assert.doesNotMatch(log, /[?]|muster/i);
  });
});
