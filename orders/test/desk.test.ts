// The order desk as the sales team and an attacker meet it, through the service's own request handling over a
// real SQLite file and a real SMTP server: accounts from the command line, sign-in and lock-out, the session's
// cookie, forms refused without the token or from another site, sign-out and idle expiry; then the list, the
// search, statuses, notes, "not spam", erasure and the exports. The browser journeys are in e2e/desk.spec.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@libsql/client';
import * as cheerio from 'cheerio';
import { Hono } from 'hono';
import { parse as parseCsv } from 'csv-parse/sync';
import { orderAcceptedSchema, type OrderRequestInput } from '../../lib/checkout/order-request';
import { businessDay } from '../../lib/business-day';
import { formatDay } from '../../lib/checkout/order';
import { fill } from '../../lib/format';
import { intlLocales, type Locale } from '../../lib/i18n';
import type { VatCase } from '../../lib/checkout/vat';
import { formatMoney, unitPriceCents } from '../../lib/money';
import { getCategories, getDictionary, getSite } from '../../lib/content';
import { createApp } from '../app';
import { runCommand } from '../cli';
import { readConfig } from '../config';
import {
  CLIENT_LOCK_FAILURES,
  LOCK_FAILURES,
  LOCK_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  hashPassword,
  signIn,
} from '../desk/auth';
import { createDesk } from '../desk/routes';
import { deskWords } from '../desk/words';
import { eraseBuyer, mailTransport } from '../mail';
import { orderMails } from '../messages';
import { startOutbox, type Outbox } from '../outbox';
import {
  DatabaseUnavailable,
  PAGE_SIZE,
  openStore,
  type OrderFilter,
  type OrderStatus,
  type Store,
} from '../store';
import {
  buyer,
  kill,
  post,
  runOrders,
  startProcess,
  startSmtp,
  storedOrder,
  tempDir,
  testConfig,
  validOrder,
  waitFor,
  type Smtp,
  type SmtpBehaviour,
} from './helpers';

const ORIGIN = 'http://desk.test';
const PASSWORD = 'correct horse battery';
const w = deskWords.en;
const de = deskWords.de;

let dataDir: string;
let env: Record<string, string>;
let store: Store;
let outbox: Outbox;
let smtp: Smtp;
let app: ReturnType<typeof createApp>;
/** How the mail server behaves in the test under way. */
const behaviour: SmtpBehaviour = {};
/** The desk's clock: tests move it forward. */
let clock = Date.now();
/** What the desk wrote to the service's log. */
const logged: string[] = [];

before(async () => {
  dataDir = tempDir('orders-desk');
  env = { ORDERS_DATA_DIR: dataDir };
  smtp = await startSmtp(0, behaviour);
  const config = readConfig({ NODE_ENV: 'test', ...env, SMTP_URL: smtp.url, DESK_URL: `${ORIGIN}/desk` });
  // The service makes its database; the commands only work on it.
  store = await openStore(config.database);
  // Accounts come from the command line, as the owner adds them: one line of standard input. The process once
  // (a pipe into `npm run orders`); the others through the same command in this process, which is quicker.
  const added = await runOrders(['user', 'add', 'anna'], env, `${PASSWORD}\n`);
  assert.equal(added.code, 0, added.output);
  assert.equal(await command(['user', 'add', 'ben'], `${PASSWORD}\n`), 0);
  const mail = mailTransport(config.mail);
  outbox = startOutbox({ store, send: mail.send, retryMaxMs: 200, leaseMs: 60_000 });
  app = createApp({ store, config: { ...testConfig, deskUrl: config.deskUrl }, onMail: outbox.wake });
  const log = (line: string) => {
    logged.push(line);
    console.error(line);
  };
  app.route('/desk', createDesk({ store, config, onMail: outbox.wake, now: () => new Date(clock), log }));
});

after(async () => {
  await outbox.stop();
  await store.close();
  await smtp.close();
});

/** `npm run orders -- ...args` in this process, with `input` as its standard input; its exit code. */
function command(args: string[], input = '', out: (line: string) => void = () => {}) {
  return runCommand(args, readConfig({ NODE_ENV: 'test', ...env }), out, new Date(), Readable.from([input]));
}

/** White space as HTML collapses it: not the no-break space (U+00A0) that keeps a number with its unit. */
const HTML_SPACE = /[\t\n\f\r ]+/g;

/**
 * A browser of its own: its cookies, its language, and the forms of the page it shows last; on the service of the
 * tests unless `service` names another.
 */
function browser(language = 'en-GB,en;q=0.8', service: Pick<Hono, 'request'> = app) {
  const cookies = new Map<string, string>();
  /** Every Set-Cookie line this browser got, as sent. */
  const setCookies: string[] = [];
  let page = cheerio.load('');
  async function send(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('Accept-Language', language);
    headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await service.request(`${ORIGIN}${url}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }
  const self = {
    cookies,
    setCookies,
    /** A request as this browser sends it (its cookies and language), without following a redirect. */
    send,
    /** The form token of the page shown last. */
    csrf: () => page('input[name=csrf]').first().attr('value') ?? '',
    /** The numbers of the orders the list shows. */
    listed: () =>
      page('tbody th[scope=row] a')
        .map((_, a) => page(a).text())
        .get(),
    async get(url: string) {
      let response = await send(url);
      while (response.status === 303) response = await send(response.headers.get('location')!);
      page = cheerio.load(await response.clone().text());
      return response;
    },
    /** The page's visible text, spaces collapsed. */
    /** The page's text, its markup's white space collapsed; the no-break spaces of the words stay. */
    text: () => page('main').text().replace(HTML_SPACE, ' '),
    /** Where the links with this visible text lead. */
    links: (name: string) =>
      page('main a')
        .filter((_, a) => page(a).text().trim() === name)
        .map((_, a) => page(a).attr('href'))
        .get(),
    /** The page's headings below its title, as a screen reader lists them. */
    headings: () =>
      page('main h2, main h3')
        .map((_, heading) => page(heading).text().trim())
        .get(),
    /** The visible names of the page's buttons, outside its header. */
    buttons: () =>
      page('main button')
        .map((_, button) => page(button).text().trim())
        .get(),
    /** The navigation landmarks of the page: each one's name, and the names of the links in it. */
    navigations: () =>
      page('nav, [role=navigation]')
        .map((_, nav) => ({
          name: page(nav).attr('aria-label') ?? '',
          links: page(nav)
            .find('a[href]')
            .map((_, a) => page(a).text().trim())
            .get(),
        }))
        .get(),
    /** The list's caption, its name as a screen reader says it when it reaches the table. */
    caption: () => page('table caption').text().replace(HTML_SPACE, ' ').trim(),
    /** The page's title, as the browser's tab and a screen reader say it. */
    title: () => page('title').text(),
    /** The language the page says it is in. */
    lang: () => page('html').attr('lang'),
    /** The header's link with this visible text: where it leads, and the language it is named in. */
    headerLink(name: string) {
      const link = page('header a').filter((_, a) => page(a).text().trim() === name);
      assert.equal(link.length, 1, `one link ${name} in the header`);
      return { href: link.attr('href')!, lang: link.attr('lang'), hreflang: link.attr('hreflang') };
    },
    /** The one element that takes the focus as the page opens (`autofocus`, no script): what it is and says. */
    focused() {
      const element = page('[autofocus]');
      assert.equal(element.length, 1, 'one element takes the focus');
      return {
        role: element.attr('role') ?? element.attr('id'),
        text: element.text().replace(HTML_SPACE, ' ').trim(),
        focusable: element.is('input, select, textarea, button, a[href], [tabindex]'),
      };
    },
    /** The cells of the table row whose header says `name`. */
    cells(name: string) {
      const row = page('tr')
        .filter((_, tr) => page(tr).find('th').first().text().trim() === name)
        .first();
      assert.ok(row.length, `a row ${name}`);
      return row
        .find('td')
        .map((_, td) => page(td).text().replace(HTML_SPACE, ' ').trim())
        .get();
    },
    /** The field a label names; in the section headed `section`, if given. */
    field(label: string, section?: string) {
      const scope = section
        ? page('section').filter((_, element) => page(element).find('h2').first().text() === section)
        : page('main');
      assert.ok(scope.length, `a section ${section}`);
      const forId = scope
        .find('label')
        .filter((_, element) => page(element).text() === label)
        .attr('for');
      assert.ok(forId, `a label ${label}`);
      return page(`#${forId}`);
    },
    /** The choices of the select a label names, as it shows them. */
    options(label: string) {
      return self
        .field(label)
        .find('option')
        .map((_, option) => page(option).text())
        .get();
    },
    /** What a field's description says (`aria-describedby`), spaces collapsed. */
    description(label: string, section?: string) {
      const ids = (self.field(label, section).attr('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      return ids
        .map((id) => page(`#${id}`).text())
        .join(' ')
        .replace(HTML_SPACE, ' ')
        .trim();
    },
    /** Posts the form whose action ends so, with its hidden fields and these values; follows the redirect. */
    async submit(action: string, values: Record<string, string> = {}, headers: Record<string, string> = {}) {
      const form = page(`form[action$="${action}"]`).first();
      assert.ok(form.length, `a form to ${action}`);
      const body = new URLSearchParams();
      form.find('input[type=hidden]').each((_, input) => {
        body.set(page(input).attr('name')!, page(input).attr('value') ?? '');
      });
      for (const [name, value] of Object.entries(values)) body.set(name, value);
      const response = await send(form.attr('action')!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, ...headers },
        body,
      });
      if (response.status === 303) return self.get(response.headers.get('location')!);
      page = cheerio.load(await response.clone().text());
      return response;
    },
    async signIn(name: string, password = PASSWORD) {
      await self.get('/desk/sign-in');
      return self.submit('/sign-in', { name, password });
    },
  };
  return self;
}

/** Moves an order along `path` (its status now first), one change after another, as `who` on the desk would. */
async function walk(number: string, path: readonly OrderStatus[], who: string) {
  for (const [index, to] of path.entries())
    if (index > 0)
      assert.equal(
        await store.changeStatus(number, { from: path[index - 1]!, to }, who),
        true,
        `${path[index - 1]} → ${to}`,
      );
}

async function place(order: OrderRequestInput) {
  const response = await app.request('/api/orders', post(order));
  assert.equal(response.status, 201);
  return orderAcceptedSchema.parse(await response.json()).orderNumber;
}

describe('signing in', () => {
  it('lists and removes accounts from the command line, and refuses a short password', async () => {
    const said: string[] = [];
    assert.equal(await command(['user', 'add', 'carla'], 'too-short\n', (line) => said.push(line)), 2);
    assert.match(said.join('\n'), /12 characters/);
    const listed: string[] = [];
    assert.equal(await command(['user', 'list'], '', (line) => listed.push(line)), 0);
    assert.deepEqual(
      listed.map((line) => line.split('\t')[0]),
      ['anna', 'ben'],
    );
    assert.equal(await command(['user', 'add', 'dora'], `${PASSWORD}\n`), 0);
    const dora = browser();
    await dora.signIn('dora');
    assert.ok(dora.text().includes(w.list.heading));
    assert.equal(await command(['user', 'remove', 'dora']), 0);
    // Her session ended with her account.
    await dora.get('/desk');
    assert.ok(dora.text().includes(w.signIn.heading));
  });

  it('hashes a password at OWASP’s minimum work, and a cheaper hash again when its account signs in', async () => {
    const [, n, r, p] = (await hashPassword(PASSWORD)).split('$').map(Number);
    // The Password Storage Cheat Sheet's minimum and the forms it gives with less memory and a higher p.
    const owasp = [
      [2 ** 17, 8, 1],
      [2 ** 16, 8, 2],
      [2 ** 15, 8, 3],
      [2 ** 14, 8, 5],
      [2 ** 13, 8, 10],
    ];
    assert.ok(
      owasp.some(([minN, minR, minP]) => n! >= minN! && r === minR && p! >= minP!),
      `N = ${n}, r = ${r}, p = ${p}`,
    );
    // A hash an older version made at a third of that work.
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD.normalize('NFC'), salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 2 ** 26 });
    const older = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    assert.equal(await store.addUser('olga', older), true);
    try {
      const olga = browser();
      await olga.signIn('olga');
      assert.ok(olga.text().includes(w.list.heading), 'the old hash still signs her in');
      const renewed = (await store.passwordOf('olga'))!;
      assert.notEqual(renewed, older);
      assert.equal(
        renewed.split('$').slice(1, 4).join('$'),
        [n, r, p].join('$'),
        'made again at today’s cost',
      );
      const again = browser();
      await again.signIn('olga');
      assert.ok(again.text().includes(w.list.heading), 'and so does the new one');
    } finally {
      await store.removeUser('olga');
    }
  });

  it('makes no database of its own without the service’s settings, and says which one it looked for', async () => {
    const elsewhere = path.join(tempDir('orders-cli-elsewhere'), 'data');
    const file = path.join(elsewhere, 'orders.db');
    for (const args of [
      ['user', 'add', 'carla'],
      ['retry', 'LW-20260101-000001'],
    ]) {
      const { code, output } = await runOrders(args, { ORDERS_DATA_DIR: elsewhere }, `${PASSWORD}\n`);
      assert.equal(code, 1, output);
      assert.ok(output.includes(`No order database at ${file}`), output);
      assert.match(output, /ORDERS_DATA_DIR/);
    }
    assert.equal(fs.existsSync(elsewhere), false, 'no folder, no file');
    // Nor on an empty file where the database should be, as a service that died before it made its tables leaves.
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(file, '');
    const empty = await runOrders(['user', 'add', 'carla'], { ORDERS_DATA_DIR: elsewhere }, `${PASSWORD}\n`);
    assert.equal(empty.code, 1, empty.output);
    assert.equal(fs.statSync(file).size, 0, 'still empty');
    // A wrong setting says which and why, in a line, without a stack trace.
    const wrong = await runOrders(['user', 'list'], { ...env, SMTP_URL: 'mail.example.com' });
    assert.equal(wrong.code, 1);
    assert.match(wrong.output, /Invalid order service settings:\n {2}- SMTP_URL: /);
    assert.doesNotMatch(wrong.output, /^\s+at /m);
  });

  it('asks for a new password twice on a terminal, without showing it', async () => {
    // `script` (util-linux) gives the command a terminal of its own, as an owner's shell does.
    const cli = path.join(__dirname, '..', 'cli.ts');
    const child = spawn(
      'script',
      ['-qefc', `${process.execPath} --import tsx ${cli} user add erik`, '/dev/null'],
      { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    // Its output read to the end, as 'close' waits for (not 'exit').
    const exited = once(child, 'close');
    await waitFor('the first question', () => output.includes('Password'));
    child.stdin.write(`${PASSWORD}\r`);
    await waitFor('the second question', () => output.includes('again'));
    child.stdin.write(`${PASSWORD}\r`);
    const [code] = (await exited) as [number];
    assert.equal(code, 0, output);
    assert.ok(output.indexOf('Password') < output.indexOf('again'), 'asked twice');
    assert.ok(output.includes('erik: added'), output);
    assert.ok(!output.includes(PASSWORD), 'the password is not echoed');
    const erik = browser();
    await erik.signIn('erik');
    assert.ok(erik.text().includes(w.list.heading));
  });

  it('sends a signed-out browser to the sign-in page, in German for a German browser, never cached, indexed or framed', async () => {
    const german = browser('de-DE,de;q=0.9,en;q=0.5');
    const response = await german.get('/desk');
    assert.ok(german.text().includes(de.signIn.heading));
    // Never cached, never indexed, never framed, and no script of any kind.
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.match(response.headers.get('x-robots-tag') ?? '', /noindex/);
    const policy = new Map(
      (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.equal(policy.has('script-src'), false, 'scripts fall back to none');
    assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
    const french = browser('fr-FR');
    await french.get('/desk/sign-in');
    assert.ok(french.text().includes(w.signIn.heading), 'English for any other language');
  });

  it('switches to the other language from the header, for this browser, back on the same page, exports included', async () => {
    const ben = browser('de-DE,de;q=0.9');
    // Before signing in: the sign-in page in English, and it stays so.
    await ben.get('/desk/sign-in');
    const english = ben.headerLink(w.languageName);
    assert.deepEqual([english.lang, english.hreflang], ['en', 'en']);
    await ben.get(english.href);
    assert.equal(ben.lang(), 'en');
    assert.ok(ben.text().includes(w.signIn.heading));
    const chosen = ben.setCookies.find((line) => line.startsWith('leadwerk-desk-language='));
    assert.match(chosen ?? '', /^leadwerk-desk-language=en;/);
    for (const attribute of ['Path=/desk', 'HttpOnly', 'SameSite=Lax', `Max-Age=${365 * 24 * 60 * 60}`])
      assert.ok(chosen!.split('; ').includes(attribute), `${attribute} in ${chosen}`);

    // Signed in, on a filtered list: back in German on the same list, and its file in German too.
    await ben.signIn('ben');
    assert.equal(ben.lang(), 'en');
    await ben.get('/desk?status=new&q=zz-nothing');
    const german = ben.headerLink(de.languageName);
    assert.deepEqual([german.lang, german.hreflang], ['de', 'de']);
    const back = await ben.send(german.href);
    assert.equal(back.status, 303);
    assert.equal(back.headers.get('location'), '/desk?status=new&q=zz-nothing');
    await ben.get('/desk');
    assert.equal(ben.lang(), 'de');
    await ben.get(ben.headerLink(w.languageName).href);
    const file = await (await ben.get('/desk/orders.csv')).text();
    assert.ok(file.startsWith(`"${w.list.accountsColumns.number}","`), 'English columns, split by commas');
    // A page that answers a form has no address of its own: the link leads back to the order the form was about,
    // and a refused sign-in back to the sign-in, still on its way to the page it was going to.
    const number = await place(validOrder());
    const orderPage = `/desk/orders/${encodeURIComponent(number)}`;
    await ben.get(orderPage);
    assert.equal((await ben.submit('/note', { note: 'Rückruf', csrf: 'stale' })).status, 403);
    const fromAnswer = new URL(ben.headerLink(de.languageName).href, ORIGIN);
    assert.equal(fromAnswer.searchParams.get('back'), orderPage);
    const signingIn = browser();
    await signingIn.get(`/desk/sign-in?${new URLSearchParams({ next: orderPage })}`);
    await signingIn.submit('/sign-in', { name: 'ben', password: PASSWORD, csrf: 'stale' });
    const fromSignIn = new URL(signingIn.headerLink(de.languageName).href, ORIGIN);
    assert.equal(
      fromSignIn.searchParams.get('back'),
      `/desk/sign-in?${new URLSearchParams({ next: orderPage })}`,
    );
    // Another browser keeps its own language.
    const anna = browser('de-DE,de;q=0.9');
    await anna.get('/desk/sign-in');
    assert.equal(anna.lang(), 'de');

    // Only the desk's own pages are a way back, and only the desk's languages are there.
    for (const away of [
      '//evil.example/desk',
      'https://evil.example/desk',
      '/elsewhere',
      'javascript:alert(1)',
    ]) {
      const response = await ben.send(`/desk/language/de?${new URLSearchParams({ back: away })}`);
      assert.equal(response.headers.get('location'), '/desk', away);
    }
    assert.equal((await ben.send('/desk/language/fr?back=/desk')).status, 404);
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie, Secure over HTTPS; never without the form token', async () => {
    const anna = browser();
    await anna.signIn('anna');
    assert.ok(anna.text().includes(w.list.heading));
    const session = anna.setCookies.find((line) => line.startsWith('leadwerk-desk='))!;
    const plainFlags = session.split(';').map((part) => part.trim().toLowerCase());
    for (const flag of ['httponly', 'samesite=strict', 'path=/']) assert.ok(plainFlags.includes(flag), flag);
    assert.ok(!plainFlags.includes('secure'), 'over plain HTTP (npm start) the cookie cannot be Secure');
    const direct = await app.request(`${ORIGIN}/desk/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: new URLSearchParams({ name: 'anna', password: PASSWORD }),
    });
    assert.equal(direct.status, 403, 'a sign-in without its form token is refused');

    // The cookie as the browser got it: over HTTPS (here: behind a proxy that says so) it is Secure and __Host-.
    const config = readConfig({ NODE_ENV: 'test', ...env, DESK_URL: 'https://shop.example/desk' });
    const secureDesk = createDesk({ store, config });
    const signInPage = await secureDesk.request('https://shop.example/sign-in');
    const nonce = signInPage.headers.getSetCookie()[0]!;
    const token = cheerio
      .load(await signInPage.text())('input[name=csrf]')
      .attr('value')!;
    const signedIn = await secureDesk.request('https://shop.example/sign-in', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://shop.example',
        Cookie: nonce.split(';')[0]!,
      },
      body: new URLSearchParams({ csrf: token, name: 'anna', password: PASSWORD }),
    });
    assert.equal(signedIn.status, 303);
    const secure = signedIn.headers.getSetCookie().find((line) => line.startsWith('__Host-leadwerk-desk='))!;
    const flags = secure.split(';').map((part) => part.trim().toLowerCase());
    for (const flag of ['httponly', 'samesite=strict', 'secure', 'path=/'])
      assert.ok(flags.includes(flag), `${flag} in ${secure}`);
  });

  it(`locks a name after ${LOCK_FAILURES} wrong passwords for 15 minutes, and says the same for a name that does not exist`, async () => {
    for (const name of ['ben', 'nobody']) {
      const tries = browser();
      for (let i = 1; i < LOCK_FAILURES; i++) {
        const response = await tries.signIn(name, 'wrong password!');
        assert.equal(response.status, 403);
        assert.ok(tries.text().includes(w.signIn.wrong));
      }
      const fifth = await tries.signIn(name, 'wrong password!');
      assert.equal(fifth.status, 429);
      const lockedText = tries.text();
      assert.ok(lockedText.includes(w.signIn.locked), `${name}: ${lockedText}`);
      // Even the right password does not open it now.
      await tries.signIn(name);
      assert.ok(tries.text().includes(w.signIn.locked));
    }
    const ben = browser();
    clock += LOCK_MS + 1000;
    await ben.signIn('ben');
    assert.ok(ben.text().includes(w.list.heading), 'open again after the lock');
  });

  it('counts tries sent at once: a burst cannot pass the lock before its wrong passwords are recorded', async () => {
    const now = new Date(clock);
    for (let i = 1; i < LOCK_FAILURES; i++)
      assert.deepEqual(await signIn(store, 'ben', 'wrong password!', now), { ok: false, reason: 'wrong' });
    // Ten tries, the right password among them, as requests arriving together reach the database: all read the
    // failures before any of them goes on, and none reads again before all that record a failure have.
    const burst = 10;
    const gate = () => {
      let open!: () => void;
      return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const read = gate();
    const recorded = gate();
    let reads = 0;
    let records = 0;
    let settled = 0;
    const allRecorded = () => records + settled >= burst && recorded.open();
    const racing: Store = {
      ...store,
      async lastFailures(name, count) {
        const failures = await store.lastFailures(name, count);
        if (++reads === burst) read.open();
        await read.passed;
        return failures;
      },
      async recordFailure(name, at) {
        await store.recordFailure(name, at);
        records++;
        allRecorded();
        await recorded.passed;
      },
    };
    const results = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        signIn(racing, 'ben', index === burst - 1 ? PASSWORD : 'wrong password!', now).then((result) => {
          settled++;
          allRecorded();
          return result;
        }),
      ),
    );
    assert.deepEqual(
      results.map((result) => result.ok),
      Array.from({ length: burst }, () => false),
      'the right password does not open the name either',
    );
    await store.clearFailures('ben');
  });

  it(`holds back a client after ${CLIENT_LOCK_FAILURES} wrong passwords under any names, and no other client`, async () => {
    const now = new Date(clock);
    // Names that do not exist never lock a name, but each costs a scrypt derivation.
    for (let i = 0; i < CLIENT_LOCK_FAILURES; i++)
      assert.equal((await signIn(store, `guess-${i}`, 'wrong password!', now, 'client-a')).ok, false);
    assert.deepEqual(await signIn(store, 'anna', PASSWORD, now, 'client-a'), {
      ok: false,
      reason: 'throttled',
    });
    assert.deepEqual(await signIn(store, 'anna', PASSWORD, now, 'client-b'), { ok: true, name: 'anna' });
    assert.equal(w.signIn.throttled === w.signIn.locked, false, 'it says so in its own words');
    await store.clearFailures('client:client-a');
  });

  it('refuses a body larger than any desk form before reading it', async () => {
    const huge = await app.request('/desk/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: `name=anna&password=${'x'.repeat(1024 * 1024)}`,
    });
    assert.equal(huge.status, 413);
  });

  it('says a change was not saved when the session ended in another tab, before and after signing in', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'anderer-tab@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    // Signed out in another tab: the cookie is gone, this tab still shows the order's forms.
    const otherTab = browser('de-DE,de;q=0.9');
    for (const [name, value] of anna.cookies) otherTab.cookies.set(name, value);
    await otherTab.get('/desk');
    await otherTab.submit('/sign-out');
    anna.cookies.clear();
    await anna.submit('/note', { note: 'Rückruf am Freitag' });
    assert.ok(anna.text().includes(de.signIn.heading));
    assert.ok(anna.text().includes(de.signIn.unsaved), anna.text());
    await anna.submit('/sign-in', { name: 'anna', password: PASSWORD });
    assert.ok(anna.text().includes(de.order.heading.replace('{number}', number)), 'back on the order');
    assert.ok(anna.text().includes(de.errors.unsaved), anna.text());
    assert.deepEqual(await store.events(number), [], 'the note was not saved');
    // The page of an order opened as usual says nothing of the kind.
    await anna.get(`/desk/orders/${number}`);
    assert.ok(!anna.text().includes(de.errors.unsaved));
  });

  it('saves a note as long as its field takes, with its line breaks as a browser sends them', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'lange-notiz@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    const limit = Number(anna.field(de.order.note).attr('maxlength'));
    // The field counts each line break as one character; the form sends it as two (CR LF).
    const lines = Array.from({ length: 40 }, (_, index) => `Zeile ${index + 1}`);
    const typed = lines.join('\n');
    const note = typed + 'x'.repeat(limit - typed.length);
    await anna.submit('/note', { note: note.replaceAll('\n', '\r\n') });
    assert.ok(anna.text().includes(de.done.note), anna.text());
    assert.deepEqual(
      (await store.events(number)).map((event) => event.detail),
      [note],
      'kept whole, each line break as one',
    );
  });

  it('after a wrong password, names the error in the title, ties it to both fields and focuses the password', async () => {
    const german = browser('de-DE,de;q=0.9');
    await german.signIn('anna', 'wrong password!');
    assert.ok(
      german.title().startsWith(de.errors.titleError.replace('{text}', de.signIn.wrong)),
      german.title(),
    );
    for (const label of [de.signIn.name, de.signIn.password]) {
      assert.equal(german.field(label).attr('aria-invalid'), 'true', label);
      assert.equal(german.description(label), de.signIn.wrong, label);
    }
    assert.equal(german.field(de.signIn.name).attr('value'), 'anna', 'the name is kept');
    assert.deepEqual(german.focused(), { role: 'password', text: '', focusable: true });
  });

  it('refuses a change without the form token, or posted from another site', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'token@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    const noToken = await anna.submit('/note', { csrf: '', note: 'forged' });
    assert.equal(noToken.status, 403);
    // An out-of-date form is tried again on its own page: the order's.
    assert.deepEqual(anna.links(fill(w.order.backToOrder, { number })), [`/desk/orders/${number}`]);
    await anna.get(`/desk/orders/${number}`);
    const otherSite = await anna.submit('/note', { note: 'forged' }, { Origin: 'https://evil.example' });
    assert.equal(otherSite.status, 403);
    assert.ok(anna.text().includes(w.errors.forbidden), 'a page that says why');
    await anna.get(`/desk/orders/${number}`);
    const marked = await anna.submit(
      '/note',
      { note: 'forged' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    );
    assert.equal(marked.status, 403);
    assert.deepEqual(await store.events(number), [], 'nothing was recorded');
  });

  it('ends the session a browser had when it signs in again, and forgets the list’s search then and on expiry', async () => {
    const listCookie = 'leadwerk-desk-list';
    const email = 'neu-angemeldet@kunde.example';
    const number = await place(validOrder({ buyer: { ...buyer, email } }));
    const search = new URLSearchParams({ q: email });
    const anna = browser();
    await anna.signIn('anna');
    await anna.get(`/desk?${search}`);
    assert.ok(anna.cookies.has(listCookie), 'the search is kept for the way back');
    // A copy of the cookie, taken before the browser signs in again (on a shared computer, under another name),
    // onto an order's page, whose way back would be the search.
    const copy = browser();
    for (const [name, value] of anna.cookies) copy.cookies.set(name, value);
    await anna.get(`/desk/sign-in?${new URLSearchParams({ next: `/desk/orders/${number}` })}`);
    await anna.submit('/sign-in', { name: 'ben', password: PASSWORD });
    assert.ok(anna.text().includes(w.order.heading.replace('{number}', number)), 'signed in anew');
    assert.deepEqual(anna.links(w.order.back), ['/desk'], 'the search is forgotten on signing in');
    assert.equal(anna.cookies.has(listCookie), false);
    await copy.get('/desk');
    assert.ok(copy.text().includes(w.signIn.expired), 'the old session ended');

    // A session that ends while the browser keeps a search: the search goes with it.
    await anna.get(`/desk?${search}`);
    assert.ok(anna.cookies.has(listCookie), 'the search is kept for the way back');
    clock += SESSION_IDLE_MS + 1000;
    await anna.get('/desk');
    assert.ok(anna.text().includes(w.signIn.expired));
    assert.equal(anna.cookies.has(listCookie), false, 'the search is forgotten on expiry');
  });

  it('ends the session on sign-out, after 8 hours without a request, and 12 hours after signing in', async () => {
    const anna = browser();
    await anna.signIn('anna');
    await anna.submit('/sign-out');
    assert.ok(anna.text().includes(w.signIn.signedOut));
    await anna.get('/desk');
    assert.ok(anna.text().includes(w.signIn.heading));

    await anna.signIn('anna');
    clock += SESSION_IDLE_MS - 60_000;
    await anna.get('/desk');
    assert.ok(anna.text().includes(w.list.heading), 'still signed in within 8 hours');
    clock += SESSION_IDLE_MS + 1000;
    await anna.get('/desk');
    assert.ok(anna.text().includes(w.signIn.expired));

    // However busy: a request every hour keeps a session no longer than a working day.
    await anna.signIn('anna');
    const signedInAt = clock;
    while (clock + 3600_000 <= signedInAt + SESSION_MAX_MS) {
      clock += 3600_000;
      await anna.get('/desk');
      assert.ok(anna.text().includes(w.list.heading), 'still signed in within 12 hours');
    }
    clock = signedInAt + SESSION_MAX_MS + 1000;
    await anna.get('/desk');
    assert.ok(anna.text().includes(w.signIn.expired), 'signed out 12 hours after signing in');

    // A session that ends on an order's page, or on a form there, signs in again onto that order's page.
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'idle@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    clock += SESSION_IDLE_MS + 1000;
    await anna.submit('/note', { note: 'Rückruf' });
    assert.ok(anna.text().includes(w.signIn.expired));
    assert.ok(anna.text().includes(w.signIn.unsaved), 'the note typed is said to be lost');
    await anna.submit('/sign-in', { name: 'anna', password: 'wrong password!' });
    assert.ok(anna.text().includes(w.signIn.wrong));
    await anna.submit('/sign-in', { name: 'anna', password: PASSWORD });
    assert.ok(anna.text().includes(w.order.heading.replace('{number}', number)), 'back on the order');
    assert.ok(anna.text().includes(w.errors.unsaved), 'the order’s page says the note was not saved');
    assert.deepEqual(await store.events(number), [], 'nothing was recorded');
    // Only a page of the desk: another host, or a path that only looks like one, goes to the list.
    for (const next of ['//evil.example/desk', 'https://evil.example/desk/orders', '/desk/../admin']) {
      const other = browser();
      await other.get(`/desk/sign-in?${new URLSearchParams({ next })}`);
      const answer = await other.send('/desk/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
        body: new URLSearchParams({ csrf: other.csrf(), name: 'anna', password: PASSWORD, next }),
      });
      assert.equal(answer.headers.get('location'), '/desk', next);
      await other.get('/desk');
      assert.ok(other.text().includes(w.list.heading), next);
      assert.ok(!other.text().includes(w.order.heading.replace('{number}', number)), next);
    }
  });
});

describe('pages that are not there, and a database that is away', () => {
  it('answers an unknown desk page, and a database that does not answer, with a page in the desk’s words', async () => {
    const german = browser('de-DE');
    const missing = await german.get('/desk/gibt-es-nicht');
    assert.equal(missing.status, 404);
    assert.ok(german.text().includes(de.errors.pageNotFound), german.text());
    assert.ok(!german.text().includes(de.errors.notFound), 'a page, not an order, is missing');
    // An order that does not exist says so in its own words.
    await german.signIn('anna');
    const noOrder = await german.get('/desk/orders/LW-20000101-000001');
    assert.equal(noOrder.status, 404);
    assert.ok(german.text().includes(de.errors.notFound));

    // A broken address is one more page that is not there: no error, nothing in the log.
    const logs = logged.length;
    const badEscape = await app.request(`${ORIGIN}/desk/orders/%E0%A4%A/note`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'note=x',
    });
    assert.ok(badEscape.status < 500, `a broken escape: ${badEscape.status}`);
    const noAddress = await app.request(`${ORIGIN}/desk/sign-in?next=${encodeURIComponent('http://[')}`);
    assert.equal(noAddress.status, 200, 'the sign-in page, whatever follows it');
    assert.deepEqual(logged.slice(logs), []);

    const away = new Hono();
    const broken: Store = {
      ...store,
      touchSession: async () => {
        throw new DatabaseUnavailable(new Error('connection refused'));
      },
    };
    away.route(
      '/desk',
      createDesk({
        store: broken,
        config: readConfig({ NODE_ENV: 'test', ...env }),
        now: () => new Date(clock),
      }),
    );
    const response = await away.request(`${ORIGIN}/desk`, {
      headers: { Cookie: 'leadwerk-desk=any', 'Accept-Language': 'de' },
    });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '5');
    assert.ok(
      cheerio
        .load(await response.text())('main')
        .text()
        .includes(de.errors.generic),
    );
  });
});

describe('working with orders', () => {
  it('finds orders an older version took or indexed by every spelling, once the service started again; an erased one by its number only', async () => {
    const dataDir = tempDir('orders-unindexed');
    const file = path.join(dataDir, 'orders.db');
    const category = validOrder().lines[0]!.category;
    const before = await openStore({ kind: 'sqlite', file });
    const placeIn = async (company: string) =>
      orderAcceptedSchema.parse(
        await (
          await createApp({ store: before, config: testConfig }).request(
            '/api/orders',
            post(validOrder({ buyer: { ...buyer, company } })),
          )
        ).json(),
      ).orderNumber;
    let unindexed: string, older: string, erased: string;
    try {
      unindexed = await placeIn('Rollwerk Energie GmbH');
      older = await placeIn('Rodewälder Solar GmbH');
      erased = await placeIn('Rückbau Meyer KG');
      assert.equal(await before.erase(erased, 'anna'), true);
    } finally {
      await before.close();
    }
    const client = createClient({ url: `file:${file}` });
    const idOf = async (number: string) =>
      Number(
        (await client.execute({ sql: 'select id from orders where number = ?', args: [number] })).rows[0]!.id,
      );
    const setTerms = async (number: string, terms: string[]) => {
      const id = await idOf(number);
      await client.execute({ sql: 'delete from order_terms where order_id = ?', args: [id] });
      for (const term of terms)
        await client.execute({
          sql: 'insert into order_terms (term, order_id) values (?, ?)',
          args: [term, id],
        });
    };
    try {
      // As an instance from before the desk stores an order, after a newer one migrated: no terms at all.
      await setTerms(unindexed, []);
      // As the versions before the search folded umlauts indexed, and erased, orders: words merely lower-cased.
      const lower = (number: string) => `s:${number.toLowerCase()}`;
      await setTerms(older, [
        lower(older),
        's:rodewälder solar gmbh',
        's:rodewälder',
        's:solar',
        's:gmbh',
        `i:${category}`,
      ]);
      await setTerms(erased, [lower(erased), `i:${category}`]);
    } finally {
      client.close();
    }

    const service = await startProcess({ ORDERS_DATA_DIR: dataDir });
    await kill(service.child, 'SIGTERM');
    assert.match(service.log(), /orders indexed anew for the desk's search: 3\n/);
    // The service did it: a store opened now finds nothing left to index.
    const logged: string[] = [];
    const after = await openStore({ kind: 'sqlite', file }, { log: (line) => logged.push(line) });
    try {
      const found = async (filter: OrderFilter) =>
        (await after.listPage(filter)).orders.map((order) => order.number);
      assert.deepEqual(logged, []);
      assert.deepEqual(await found({ q: 'Rollwerk' }), [unindexed]);
      assert.ok((await found({ industry: category })).includes(unindexed));
      for (const q of ['Rodewälder', 'Rodewaelder', 'Rodewalder'])
        assert.deepEqual(await found({ q }), [older], q);
      // The erased order keeps what erasure leaves: its number and industries, none of the buyer's words.
      assert.deepEqual(await found({ q: erased }), [erased]);
      assert.ok((await found({ industry: category })).includes(erased));
      for (const q of ['Rückbau', 'Rueckbau', 'Meyer']) assert.deepEqual(await found({ q }), [], q);
    } finally {
      await after.close();
    }
  });

  it('finds orders by company, e-mail, PO number and number; hides spam unless asked', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const company = 'Sonnenschein Dachbau KG';
    const found = await place(
      validOrder({
        buyer: { ...buyer, company, email: 'einkauf@sonnenschein.example', poNumber: 'PO-77123' },
      }),
    );
    const spam = await place(
      validOrder({ buyer: { ...buyer, company: 'Sonnenschein Spam AG' }, website: 'https://spam.example' }),
    );
    const rows = async (query: string) => {
      await anna.get(`/desk?${query}`);
      return anna.listed();
    };
    for (const query of ['sonnenschein', 'dachbau', 'einkauf@sonnenschein.example', 'PO-77123', found])
      assert.deepEqual(await rows(new URLSearchParams({ q: query }).toString()), [found], query);
    // The order's page names the PO number as the buyer's, not with the form's „Ihre Bestellnummer“, once: among
    // the order's facts (a term and its value), not again in the address.
    await anna.get(`/desk/orders/${found}`);
    assert.ok(anna.text().includes(`${w.order.poNumber}PO-77123`), anna.text());
    assert.equal(anna.text().split('PO-77123').length, 2, 'once');
    assert.ok(!anna.text().includes(`${getDictionary('de').checkout.fields.poNumber}:`));
    // A PO number of several parts, beside one that differs in the last: only the one asked for.
    const [seventeen] = [
      await place(validOrder({ buyer: { ...buyer, company: 'Teil Eins GmbH', poNumber: 'PO-2026/17' } })),
      await place(validOrder({ buyer: { ...buyer, company: 'Teil Zwei GmbH', poNumber: 'PO-2026/18' } })),
    ];
    assert.deepEqual(await rows(new URLSearchParams({ q: 'PO-2026/17' }).toString()), [seventeen]);
    assert.deepEqual(await rows('q=sonnenschein&spam=1'), [spam, found]);
    // What the honeypot caught, alone, to look through before it is deleted; the choice stays chosen.
    assert.deepEqual(await rows('q=sonnenschein&spam=only'), [spam]);
    assert.equal(anna.field(w.list.spam.label).find('option[selected]').text(), w.list.spam.only);
    assert.ok(anna.caption().startsWith(fill(w.list.count.one, { count: '1' })), anna.caption());
    // The list says how many it hides as spam, and links to them.
    const held = (await store.listOrders()).filter((order) => order.spam !== null).length;
    await anna.get('/desk');
    const note =
      held === 1 ? w.list.spamHidden.one : w.list.spamHidden.other.replace('{count}', String(held));
    assert.ok(anna.text().includes(note), note);
    await anna.get('/desk?spam=1');
    assert.ok(!anna.text().includes(note), 'no note while spam is shown');
    // Within a filter it counts the spam of that filter: the one of the search, and none of a status it lacks.
    const noted = () =>
      [w.list.spamHidden.one, w.list.spamHidden.other.split('{count}')[1]!].filter((text) =>
        anna.text().includes(text),
      );
    await anna.get('/desk?q=sonnenschein');
    assert.deepEqual(noted(), [w.list.spamHidden.one]);
    await anna.get('/desk?status=completed');
    assert.deepEqual(noted(), [], 'no spam is completed');
    const other = getCategories().find((category) => category.id !== validOrder().lines[0]!.category)!;
    assert.deepEqual(await rows(`q=sonnenschein&industry=${other.id}`), []);
    assert.deepEqual(await rows('q=sonnenschein&status=confirmed'), []);
  });

  it('finds a German name however it is spelt: with umlauts or ß, as ae, oe, ue and ss, or plain on an English keyboard', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const rows = async (q: string) => {
      await anna.get(`/desk?${new URLSearchParams({ q })}`);
      return anna.listed().sort();
    };
    const place2 = (company: string) => place(validOrder({ buyer: { ...buyer, company } }));
    const mueller = [await place2('Müller Dachbau GmbH'), await place2('Mueller Dachbau GmbH')].sort();
    for (const q of ['Müller', 'Mueller', 'Muller', 'MÜLLER', 'mül', 'muel', 'Müller Dachbau', 'Muller dach'])
      assert.deepEqual(await rows(q), mueller, q);
    const weiss = [await place2('Weiß Wärmetechnik KG'), await place2('Weiss Haustechnik e.K.')].sort();
    for (const q of ['Weiß', 'Weiss', 'weiss', 'WEISS', 'weiß']) assert.deepEqual(await rows(q), weiss, q);
    const baeckerei = await place2('Bäckerei Lüdenscheidt');
    for (const q of [
      'Bäckerei',
      'Baeckerei',
      'Backerei',
      'bäck',
      'baeck',
      'Luedenscheidt',
      'Ludenscheidt',
      'Lüdenscheidt',
    ])
      assert.deepEqual(await rows(q), [baeckerei], q);
    const oel = await place2('Öl- und Gaswerk Schröder');
    for (const q of ['Schröder', 'Schroeder', 'Schroder', 'Oel', 'öl'])
      assert.deepEqual(await rows(q), [oel], q);
    // Other words still tell orders apart.
    assert.deepEqual(await rows('Müller Bäckerei'), []);
    // An address at an internationalised domain, typed by the buyer either way, is found either way and by either
    // way's beginning: as the checkout shows it, or as a mail program's header writes it (its ASCII form, from
    // Node's own IDNA conversion).
    const domain = 'gärtnerei-köhler.example';
    const ascii = domainToASCII(domain);
    const placedBy = async (email: string) => place(validOrder({ buyer: { ...buyer, email } }));
    const byAddress = [
      ['einkauf', await placedBy(`einkauf@${domain}`)],
      ['rechnung', await placedBy(`rechnung@${ascii}`)],
    ] as const;
    for (const [local, number] of byAddress)
      for (const q of [
        `${local}@${domain}`,
        `${local}@${ascii}`,
        `${local}@gaertnerei-koehler`,
        `${local}@${ascii.slice(0, 'xn--grtn'.length)}`,
        `${local}@gärtn`,
      ])
        assert.deepEqual(await rows(q), [number], q);
  });

  it('leads from an order back to the list as it was left, until sign-out', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, company: 'Rückweg Solar GmbH' } }));
    const left = new URLSearchParams({ status: 'new', q: 'rückweg' });
    await anna.get(`/desk?${left}`);
    assert.deepEqual(anna.listed(), [number]);
    await anna.get(`/desk/orders/${number}`);
    assert.deepEqual(anna.links(w.order.back), [`/desk?${left}`]);
    // Still after a form on the order's page, whose answer is the order's page again.
    await anna.submit('/note', { note: 'Rückruf vereinbart' });
    assert.ok(anna.text().includes('Rückruf vereinbart'));
    assert.deepEqual(anna.links(w.order.back), [`/desk?${left}`]);
    // The list without a filter is the list to go back to again.
    await anna.get('/desk');
    await anna.get(`/desk/orders/${number}`);
    assert.deepEqual(anna.links(w.order.back), ['/desk']);
    // The search is forgotten with the session: it may be a buyer's e-mail address.
    await anna.get(`/desk?${left}`);
    await anna.submit('/sign-out');
    assert.ok(
      ![...anna.cookies.keys()].some((name) => name.includes('list')),
      [...anna.cookies.keys()].join(),
    );
  });

  it('offers a navigation between pages only when there is another page, and says which one is shown', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const word = 'Seitenweise';
    // Held as spam (the honeypot filled), so that no mail is queued for them; the list shows them when asked.
    for (let i = 0; i <= PAGE_SIZE; i++)
      await place(
        validOrder({
          buyer: { ...buyer, company: `${word} ${i} GmbH`, email: `seite-${i}@kunde.example` },
          website: 'https://spam.example',
        }),
      );
    await anna.get(`/desk?q=${word}&spam=1&status=completed`);
    assert.ok(anna.text().includes(de.list.none));
    assert.deepEqual(anna.navigations(), [], 'no navigation without results');
    await anna.get(`/desk?q=${word}&spam=1`);
    assert.equal(anna.listed().length, PAGE_SIZE);
    assert.deepEqual(anna.navigations(), [{ name: de.list.pages, links: [de.list.next] }]);
    assert.ok(anna.text().includes(fill(de.list.page, { page: 1, pages: 2 })));
    await anna.get(`/desk?q=${word}&spam=1&page=2`);
    assert.equal(anna.listed().length, 1);
    assert.deepEqual(anna.navigations(), [{ name: de.list.pages, links: [de.list.previous] }]);
    // A page past the end (a list left there, which shrank since) shows the last page, not "Seite 3 von 2".
    await anna.get(`/desk?q=${word}&spam=1&page=3`);
    assert.equal(anna.listed().length, 1);
    assert.ok(anna.text().includes(fill(de.list.page, { page: 2, pages: 2 })));
    await anna.get(`/desk?q=${anna.listed()[0]}&spam=1`);
    assert.equal(anna.listed().length, 1);
    assert.deepEqual(anna.navigations(), [], 'no navigation for a single page');
  });

  it('says so when the list’s period ends before it begins, rather than showing no orders', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    await anna.get('/desk?from=2026-12-05&to=2026-12-01');
    assert.ok(
      anna.title().startsWith(fill(de.errors.titleError, { text: de.list.periodOrder })),
      anna.title(),
    );
    // Both fields marked, and described by what is wrong with them.
    for (const label of [de.list.from, de.list.to]) {
      assert.equal(anna.field(label).attr('aria-invalid'), 'true');
      assert.equal(anna.description(label), de.list.periodOrder);
    }
    await anna.get('/desk?from=2026-12-01&to=2026-12-05');
    assert.ok(!anna.text().includes(de.list.periodOrder));
  });

  it('names its files in the desk’s language and by the day, and leads to the other language without a done message', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const response = await anna.send('/desk/orders.csv');
    assert.equal(
      response.headers.get('content-disposition'),
      `attachment; filename="${de.list.files.orders}-${businessDay(new Date(clock))}.csv"`,
    );
    const accounts = await anna.send('/desk/accounts.csv?from=2026-12-01&to=2026-12-31');
    assert.equal(
      accounts.headers.get('content-disposition'),
      `attachment; filename="${de.list.files.accounts}-2026-12-01-2026-12-31.csv"`,
    );
    const number = await place(validOrder({ buyer: { ...buyer, email: 'sprache@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(fill(de.done.status, { status: de.statuses.confirmed })));
    const back = new URL(anna.headerLink(w.languageName).href, ORIGIN).searchParams.get('back')!;
    assert.equal(back, `/desk/orders/${number}`);
  });

  it('says in the list how often the server refused a mail that is still to be sent', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    behaviour.refuse = () => ({ code: 451, message: '4.2.1 Try later' });
    try {
      const number = await place(validOrder({ buyer: { ...buyer, email: 'spaeter@kunde.example' } }));
      await waitFor(
        'two refusals',
        async () => ((await store.orderByNumber(number))?.mail?.attempts ?? 0) >= 2,
      );
      await anna.get(`/desk?q=${number}`);
      const [pattern] = de.mail.retrying.other.split('{count}');
      const row = anna.text().slice(anna.text().indexOf(number));
      assert.match(row, new RegExp(`${de.list.seller}: ${pattern}\\d+`), row);
    } finally {
      delete behaviour.refuse;
    }
  });

  it('confirms an order, adds a note, and shows both in the history with who and when', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'status@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    assert.equal(anna.description(w.order.newStatus), w.order.statusHint, 'the buyer is not told');
    // A colleague confirmed it meanwhile: the same choice now says the order changed, and shows it as it is.
    const other = await place(validOrder({ buyer: { ...buyer, email: 'status-race@kunde.example' } }));
    await anna.get(`/desk/orders/${other}`);
    assert.equal(await store.changeStatus(other, { from: 'new', to: 'confirmed' }, 'ben'), true);
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(w.errors.changed), anna.text());
    assert.equal((await store.events(other)).length, 1, 'only the colleague’s change');
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(fill(w.done.status, { status: w.statuses.confirmed })));
    await anna.submit('/note', { note: 'Rückruf am Montag' });
    const history = anna.text();
    assert.ok(history.includes(`anna: ${w.events.status.replace('{detail}', w.statuses.confirmed)}`));
    assert.ok(history.includes('anna: Note: Rückruf am Montag'));
    // new → confirmed → in delivery → completed; completed is final, and cancelled is no longer possible.
    await anna.submit('/status', { status: 'inDelivery' });
    await anna.submit('/status', { status: 'completed' });
    // Completed is final: its own step asks first.
    assert.ok(anna.text().includes(w.order.finalStatus.completed.heading.replace('{number}', number)));
    await anna.submit('/status');
    assert.ok(anna.text().includes(w.order.final));
    for (const from of ['completed', 'inDelivery'] as const)
      assert.equal(await store.changeStatus(number, { from, to: 'cancelled' }, 'anna'), false);
    assert.equal((await store.orderByNumber(number))?.status, 'completed');
  });

  it('takes a status one step back to mend a slip, but never undoes a colleague’s change from a stale page', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'versehen@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/status', { status: 'confirmed' });
    // The choice names the step back as one.
    assert.deepEqual(anna.options(de.order.newStatus), [
      de.statuses.inDelivery,
      fill(de.order.stepBack, { status: de.statuses.new }),
      de.statuses.cancelled,
    ]);
    await anna.submit('/status', { status: 'new' });
    assert.ok(anna.text().includes(fill(de.done.status, { status: de.statuses.new })), anna.text());
    // The history says it went back, as the choice did.
    const stepBack = fill(de.order.stepBack, { status: de.statuses.new });
    assert.ok(anna.text().includes(`anna: ${fill(de.events.status, { detail: stepBack })}`), anna.text());
    assert.equal((await store.orderByNumber(number))?.status, 'new');
    assert.deepEqual(
      (await store.events(number)).map((event) => event.detail),
      ['confirmed', 'new'],
      'the history keeps the slip and its mending',
    );
    // New again, but worked on: a commercial record, never deleted as spam.
    assert.ok(!anna.buttons().includes(de.order.markSpamButton), 'no spam button');
    assert.equal(await store.markSpam(number, 'anna'), 'worked');

    // Anna's page shows the order in delivery; meanwhile Ben takes it back twice, to new. Her step back to
    // "confirmed" was meant from "in delivery": from "new" it would be a step forward she never chose.
    await walk(number, ['new', 'confirmed', 'inDelivery'], 'anna');
    await anna.get(`/desk/orders/${number}`);
    await walk(number, ['inDelivery', 'confirmed', 'new'], 'ben');
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(de.errors.changed), anna.text());
    assert.equal((await store.orderByNumber(number))?.status, 'new');

    // The same status as on her page is not the same order: Ben took it back and on again meanwhile.
    await walk(number, ['new', 'confirmed', 'inDelivery'], 'anna');
    await anna.get(`/desk/orders/${number}`);
    await walk(number, ['inDelivery', 'confirmed', 'inDelivery'], 'ben');
    const before = (await store.events(number)).length;
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(de.errors.changed), anna.text());
    assert.equal((await store.orderByNumber(number))?.status, 'inDelivery');
    assert.equal((await store.events(number)).length, before, 'Ben’s change stands');

    // A page from before the form sent what it showed sends neither: it is told the order changed, and nothing is.
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/status', { status: 'completed', from: '', seen: '' });
    assert.ok(anna.text().includes(de.errors.changed), anna.text());
    assert.equal((await store.orderByNumber(number))?.status, 'inDelivery');
  });

  it('cancels an order, which is final, only after a step that says so; other statuses at once', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'storno@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    // The select's next option and Enter: the form posts "cancelled" without the step's confirmation.
    await anna.submit('/status', { status: 'cancelled' });
    const step = de.order.finalStatus.cancelled;
    assert.ok(anna.text().includes(step.heading.replace('{number}', number)), anna.text());
    assert.ok(anna.text().includes(step.text));
    assert.equal((await store.orderByNumber(number))?.status, 'new', 'nothing changed yet');
    assert.deepEqual(await store.events(number), []);
    // Its way back leads to the order, the status as it was.
    const keep = anna.links(de.order.keepStatus);
    assert.deepEqual(keep, [`/desk/orders/${number}`]);
    await anna.get(keep[0]!);
    assert.ok(anna.text().includes(de.order.heading.replace('{number}', number)));
    // Confirmed on the step: cancelled, and final.
    await anna.submit('/status', { status: 'cancelled' });
    assert.deepEqual(anna.buttons(), [step.confirm]);
    await anna.submit('/status');
    assert.ok(anna.text().includes(fill(de.done.status, { status: de.statuses.cancelled })));
    assert.equal((await store.orderByNumber(number))?.status, 'cancelled');
    assert.ok(anna.text().includes(de.order.final));
    // A status that is not final still takes one step.
    const other = await place(validOrder({ buyer: { ...buyer, email: 'weiter@kunde.example' } }));
    await anna.get(`/desk/orders/${other}`);
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(fill(de.done.status, { status: de.statuses.confirmed })));
    assert.equal((await store.orderByNumber(other))?.status, 'confirmed');
  });

  it('opens the page after each change on its message: first in the title, and focused', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'gehoert@kunde.example' } }));
    const opensOn = (role: 'status' | 'alert', text: string) => {
      const title = role === 'alert' ? de.errors.titleError.replace('{text}', text) : text;
      assert.ok(anna.title().startsWith(title), `${anna.title()} begins with ${title}`);
      const focused = anna.focused();
      assert.equal(focused.role, role, text);
      assert.ok(focused.text.includes(text), `${focused.text} says ${text}`);
      assert.ok(focused.focusable, text);
    };
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/status', { status: 'confirmed' });
    opensOn('status', fill(de.done.status, { status: de.statuses.confirmed }));
    await anna.submit('/note', { note: 'Rückruf am Dienstag' });
    opensOn('status', de.done.note);
    await anna.submit('/note', { note: '   ' });
    opensOn('alert', de.errors.note);
    // Only a new order can be marked as spam.
    const unworked = await place(validOrder({ buyer: { ...buyer, email: 'neu@kunde.example' } }));
    await anna.get(`/desk/orders/${unworked}`);
    await anna.submit('/spam');
    await anna.submit('/spam'); // the step that asks, confirmed
    opensOn('status', de.done.spam);
    await anna.get(`/desk/orders/${number}/erase`);
    await anna.submit('/erase');
    opensOn('status', de.done.erase);
    // A page without a message keeps its own title and leaves the focus where the browser puts it.
    await anna.get(`/desk/orders/${number}`);
    assert.ok(anna.title().startsWith(de.order.heading.replace('{number}', number)), anna.title());
    assert.throws(() => anna.focused());
  });

  it('marks only a new order as spam: one being worked on is refused in words and stays in the accounts', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'bearbeitet@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    assert.ok(anna.buttons().includes(de.order.markSpamButton), 'offered while the order is new');
    assert.ok(anna.text().includes(de.order.markSpamHint));
    // The button asks first, on a step of its own, and changes nothing until its own button is pressed.
    await anna.submit('/spam');
    assert.ok(anna.text().includes(fill(de.order.spamHeading, { number })), anna.text());
    assert.ok(anna.text().includes(de.order.spamText));
    assert.equal((await store.orderByNumber(number))?.spam, null);
    assert.deepEqual(anna.links(de.order.cancel), [`/desk/orders/${number}`]);
    await anna.get(`/desk/orders/${number}`);
    const token = anna.csrf();
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(!anna.buttons().includes(de.order.markSpamButton), 'not offered once someone works on it');
    // The button of a page opened while the order was new, pressed after a colleague confirmed it: the order
    // page's button, and the asking step's, whose refusal is the database's own.
    for (const confirm of [{}, { confirm: 'spam' }] as Record<string, string>[]) {
      const late = await anna.send(`/desk/orders/${number}/spam`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
        body: new URLSearchParams({ csrf: token, ...confirm }),
      });
      assert.equal(late.status, 303);
      await anna.get(late.headers.get('location')!);
      assert.ok(anna.text().includes(de.errors.spamWorked), anna.text());
      assert.equal(anna.focused().role, 'alert');
    }
    assert.ok(!anna.text().includes(de.order.spamBecause.staff), 'not spam');
    const day = businessDay((await store.orderByNumber(number))!.createdAt);
    const booked = parseCsv(await (await anna.get(`/desk/accounts.csv?from=${day}&to=${day}`)).text(), {
      bom: true,
      columns: true,
      delimiter: ';',
    }) as Record<string, string>[];
    assert.ok(
      booked.some((row) => row[de.list.accountsColumns.number] === number),
      'still in the accountant’s export',
    );
    // Spam is not worked on: its status changes only once it is let through.
    const spam = await place(
      validOrder({ buyer: { ...buyer, email: 'zweifel@kunde.example' }, website: 'https://spam.example' }),
    );
    await anna.get(`/desk/orders/${spam}`);
    assert.ok(anna.text().includes(de.order.spamNoStatus), anna.text());
    assert.ok(!anna.buttons().includes(de.order.save));
    assert.equal(await store.changeStatus(spam, { from: 'new', to: 'confirmed' }, 'anna'), false);
    await anna.submit('/not-spam');
    await anna.submit('/status', { status: 'confirmed' });
    assert.ok(anna.text().includes(fill(de.done.status, { status: de.statuses.confirmed })));
    // Erased, spam offers no "not spam", and the page names no such button.
    const erased = await place(
      validOrder({ buyer: { ...buyer, email: 'geloescht@kunde.example' }, website: 'https://spam.example' }),
    );
    await store.erase(erased, 'anna');
    await anna.get(`/desk/orders/${erased}`);
    assert.ok(!anna.buttons().includes(de.order.notSpam));
    assert.ok(!anna.text().includes(de.order.spamNoStatus), anna.text());
    assert.ok(anna.text().includes(de.order.spamErased), 'it says why nothing is left to do');
  });

  it('ties the error of an empty note to the note field, and links to it from the message', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'leer@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    assert.equal(anna.field(de.order.note).attr('aria-invalid'), undefined, 'valid before');
    // Spaces pass the browser's `required`; the service refuses them.
    await anna.submit('/note', { note: '   ' });
    assert.equal(anna.field(de.order.note).attr('aria-invalid'), 'true');
    assert.equal(anna.description(de.order.note), `${de.order.noteHint} ${de.errors.note}`);
    assert.deepEqual(anna.links(de.errors.note), ['#note'], 'the message leads to the field');
    assert.deepEqual(await store.events(number), []);
  });

  it('lets a spam order through: its mail to the sales team and the confirmation go out', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const number = await place(
      validOrder({ buyer: { ...buyer, email: 'spam-not@kunde.example' }, elapsedMs: 500 }),
    );
    await anna.get(`/desk/orders/${number}`);
    assert.ok(anna.text().includes(w.order.spamBecause.tooFast));
    assert.ok(
      anna.text().includes(
        fill(w.order.notSpamHint.other, {
          mails: `${w.order.notSpamMails.seller} and ${w.order.notSpamMails.buyer}`,
        }),
      ),
      'the button says which mails it sends',
    );
    await anna.submit('/not-spam');
    assert.ok(anna.text().includes(w.done.notSpam));
    await waitFor(
      'both mails',
      () => smtp.mailsOf(number).length === 1 && smtp.confirmationsOf(number).length === 1,
    );
    // The sales team's mail links to the order's page in the desk, at its end: a reply to the buyer quotes the
    // mail, and the link comes last there, marked as internal.
    const lines = (smtp.mailsOf(number)[0]!.mail.text ?? '').trimEnd().split('\n');
    assert.ok(lines.at(-1)!.endsWith(`${ORIGIN}/desk/orders/${number}`), lines.at(-1));
    assert.ok(!lines.slice(0, -1).some((line) => line.includes('/desk/')));
    await waitFor('shown as sent', async () => {
      const order = await store.orderByNumber(number);
      return order?.mail?.state === 'sent' && order.confirmation?.state === 'sent';
    });
  });

  it('shows a refused mail with the server’s answer, sends it again, and takes an order out as spam', async () => {
    const anna = browser();
    await anna.signIn('anna');
    behaviour.refuse = () => ({ code: 550, message: '5.1.1 Mailbox unavailable' });
    const number = await place(validOrder({ buyer: { ...buyer, email: 'refused@kunde.example' } }));
    await waitFor(
      'the mail failed',
      async () => (await store.orderByNumber(number))?.mail?.state === 'failed',
    );
    delete behaviour.refuse;
    // The list finds the orders whose mail failed, and only those.
    await anna.get('/desk?mail=failed');
    const failing = anna.listed();
    assert.ok(failing.includes(number));
    for (const listed of failing) {
      const order = await store.orderByNumber(listed);
      assert.ok(order?.mail?.state === 'failed' || order?.confirmation?.state === 'failed', listed);
    }
    await anna.get('/desk');
    assert.ok(anna.listed().length > failing.length, 'the others are left out');
    await anna.get(`/desk/orders/${number}`);
    assert.ok(anna.text().includes('550 5.1.1 Mailbox unavailable'), 'the server’s last answer');
    assert.ok(anna.text().includes(w.mail.failed));
    // Each action on a failed mail has a heading, which a screen reader lists and jumps to.
    for (const action of [w.order.resend, w.order.giveUp])
      assert.ok(anna.headings().includes(action), action);
    // Each button sends its own mail: the buyer's confirmation went out, so there is none of it to send
    // again, and the failed mail to the sales team stays as it is.
    // Sent as the outbox records it, not only taken by the server: until then its worker still holds it.
    await waitFor(
      'the confirmation recorded as sent',
      async () => (await store.orderByNumber(number))?.confirmation?.state === 'sent',
    );
    await anna.submit('/retry', { kind: 'buyer' });
    // Sent since the page was shown: the page says the order changed, and shows it as it is now.
    assert.ok(anna.text().includes(w.errors.changed));
    assert.ok(!anna.text().includes(w.errors.generic), 'no reload that would only say the same again');
    assert.equal((await store.orderByNumber(number))?.mail?.state, 'failed');
    await anna.submit('/retry', { kind: 'seller' });
    assert.ok(anna.text().includes(w.done.retry));
    await waitFor('the mail sent', () => smtp.mailsOf(number).length === 1);
    await waitFor(
      'the mail recorded as sent',
      async () => (await store.orderByNumber(number))?.mail?.state === 'sent',
    );
    assert.equal(smtp.confirmationsOf(number).length, 1, 'the confirmation is not sent twice');
    await anna.submit('/spam');
    await anna.submit('/spam'); // the step that asks, confirmed
    assert.ok(anna.text().includes(w.order.spamBecause.staff));
    const events = (await store.events(number)).map((event) => `${event.who}: ${event.kind}`);
    assert.deepEqual(events, ['anna: retry', 'anna: spam']);
    await anna.get(`/desk?q=${number}`);
    assert.deepEqual(anna.listed(), [], 'spam is hidden from the list');
    // Let through again: its mail went out before it was marked, so nothing more is sent, and the page says so.
    await anna.get(`/desk/orders/${number}`);
    assert.ok(anna.text().includes(w.order.notSpamNothing), 'the button says nothing more is sent');
    await anna.submit('/not-spam');
    assert.ok(anna.text().includes(w.done.notSpamSent));
    assert.equal((await store.orderByNumber(number))?.spam, null);
    assert.equal(smtp.mailsOf(number).length, 1);
  });

  it('shows a confirmation that went out before the order was marked as spam as sent, in the list too', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'spaeter-spam@kunde.example' } }));
    await waitFor('both mails recorded as sent', async () => {
      const order = await store.orderByNumber(number);
      return order?.mail?.state === 'sent' && order.confirmation?.state === 'sent';
    });
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/spam');
    await anna.submit('/spam'); // the step that asks, confirmed
    assert.ok(anna.text().includes(de.order.spamBecause.staff));
    assert.ok(anna.text().includes(`${de.order.buyerMail}${de.mail.sent}`), anna.text());
    await anna.get(`/desk?${new URLSearchParams({ q: number, spam: '1' })}`);
    assert.deepEqual(anna.listed(), [number]);
    assert.ok(anna.text().includes(`${de.list.buyer}: ${de.mail.sent}`), anna.text());
    assert.ok(!anna.text().includes(de.mail.spam), 'not “none (spam)”: it went out');
  });

  it('erases a buyer after a confirmation step, as `npm run orders -- erase` does', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const company = 'Löschmich Handels GmbH';
    const number = await place(validOrder({ buyer: { ...buyer, company, email: 'erase@kunde.example' } }));
    await anna.get(`/desk/orders/${number}`);
    await anna.submit('/note', { note: `Rückruf bei ${company}` });
    await anna.get(`/desk/orders/${number}/erase`);
    assert.ok(anna.text().includes(w.order.eraseHeading.replace('{number}', number)));
    assert.ok(anna.title().startsWith(w.order.eraseHeading.replace('{number}', number)), anna.title());
    // Still new: erased, it would stay open and count as revenue, so the step asks whether to cancel it first.
    const openWarning = fill(w.order.eraseOpen, { status: w.statuses.new });
    assert.ok(anna.text().includes(openWarning), anna.text());
    const logFrom = logged.length;
    await anna.submit('/erase');
    assert.ok(anna.text().includes(w.done.erase));
    // The log keeps the number, to erase the buyer again in a restored backup, and nothing of the buyer.
    assert.deepEqual(logged.slice(logFrom), [`Order service: buyer details of ${number} erased`]);
    assert.ok(!anna.text().includes(company));
    // The note stays in the history, saying that its text was erased.
    assert.ok(anna.text().includes(`anna: ${w.order.noteErased}`), anna.text());
    // Its mails, not sent yet, no longer go: the page says why in words, not by the service's code for it.
    for (const mail of [w.order.sellerMail, w.order.buyerMail]) {
      const [state, , , answer] = anna.cells(mail);
      assert.deepEqual([state, answer], [w.mail.givenUp, w.order.erased], mail);
    }
    const order = await store.orderByNumber(number);
    assert.equal(order?.erased, true);
    assert.equal(order?.buyer.company, '');
    await anna.get(`/desk?q=${encodeURIComponent('Löschmich')}`);
    assert.ok(anna.text().includes(w.list.none), 'no longer found by the erased company');
    assert.ok((await store.events(number)).some((event) => event.kind === 'erase' && event.who === 'anna'));
    // A cancelled order stays out of the accounts: its erasure asks nothing more.
    const cancelled = await place(validOrder({ buyer: { ...buyer, email: 'storno@kunde.example' } }));
    await anna.get(`/desk/orders/${cancelled}`);
    await anna.submit('/status', { status: 'cancelled' });
    await anna.submit('/status');
    await anna.get(`/desk/orders/${cancelled}/erase`);
    assert.ok(!anna.text().includes(fill(w.order.eraseOpen, { status: w.statuses.cancelled })));
  });

  it('names the VAT rate an order was priced at, on its page and in mails written after the rate changed', async () => {
    const anna = browser();
    await anna.signIn('anna');
    // Taken at 16 %, a rate content/site.json no longer has: held as spam, its mails are written only when let through.
    const request = validOrder();
    const { order } = await store.createOrder(
      {
        key: request.key,
        createdAt: new Date(),
        locale: 'de',
        quote: request.quote,
        buyer,
        lines: [],
        net: 10_000,
        vat: 1_600,
        gross: 11_600,
        vatCase: 'domestic',
        vatRate: 16,
        spam: 'staff',
        requestHash: 'taken-at-16',
        client: null,
      },
      undefined,
    );
    // The desk in the sales person's language (English here), the mails in the order's (German).
    const label = (locale: 'de' | 'en') => fill(getDictionary(locale).checkout.totals.vat, { rate: 16 });
    assert.notEqual(getSite().facts.vatRate, 16);
    await anna.get(`/desk/orders/${order.number}`);
    assert.ok(anna.text().includes(`${label('en')}${formatMoney(1_600, 'en')}`), anna.text());
    const mails = orderMails((await store.orderByNumber(order.number))!, testConfig, (text) => text);
    assert.ok(mails.seller.text.includes(`${label('de')}: ${formatMoney(1_600, 'de')}`), mails.seller.text);
  });

  it('shows an order’s delivery areas and its language in the desk’s language, whatever the order’s', async () => {
    const ben = browser('de-DE,de;q=0.9');
    await ben.signIn('ben');
    const english = await place(
      validOrder({ locale: 'en', buyer: { ...buyer, email: 'area@kunde.example' } }),
    );
    await ben.get(`/desk/orders/${english}`);
    const de = getDictionary('de').area;
    assert.ok(ben.text().includes(de.germany), 'the German words for the area');
    assert.ok(!ben.text().includes(getDictionary('en').area.germany), 'not the order’s English ones');
    assert.ok(
      ben.text().includes(`${deskWords.de.order.language}Englisch`),
      'the order’s language named in German',
    );
  });

  it('compacts the database on an order’s first erasure only, however often the desk asks again', async () => {
    const number = await place(validOrder({ buyer: { ...buyer, email: 'einmal@kunde.example' } }));
    // Compacting locks the tables (VACUUM FULL on Postgres): a click repeated at the desk must not hold up orders.
    let compactions = 0;
    const counted: Store = {
      ...store,
      compact: async (after) => {
        compactions++;
        await store.compact(after);
      },
    };
    const mail = { kind: 'folder' as const, dir: tempDir('erase-once') };
    for (let click = 0; click < 3; click++)
      assert.ok(await eraseBuyer(counted, mail, number, 'anna', () => {}));
    assert.equal(compactions, 1);
    // The owner's command compacts again when asked to erase again.
    assert.ok(await eraseBuyer(counted, mail, number, 'owner', () => {}, true));
    assert.equal(compactions, 2);
  });

  it('takes no note on an erased order: the form is gone, and a note sent anyway is refused in words', async () => {
    const anna = browser('de-DE,de;q=0.9');
    await anna.signIn('anna');
    const number = await place(validOrder({ buyer: { ...buyer, email: 'spaet@kunde.example' } }));
    // A page opened before the erasure, whose note form is sent after it.
    await anna.get(`/desk/orders/${number}`);
    const token = anna.csrf();
    assert.ok(anna.buttons().includes(de.order.addNote));
    const ben = browser('de-DE,de;q=0.9');
    await ben.signIn('ben');
    await ben.get(`/desk/orders/${number}/erase`);
    await ben.submit('/erase');
    assert.ok(ben.text().includes(de.done.erase));
    assert.ok(!ben.buttons().includes(de.order.addNote), 'no note form');
    assert.ok(ben.text().includes(de.order.noNotesAfterErasure), ben.text());
    const before = await store.events(number);
    const late = await anna.send(`/desk/orders/${number}/note`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: new URLSearchParams({ csrf: token, note: 'Rückruf bei Frau Spät, 0171 2345678' }),
    });
    assert.equal(late.status, 303);
    await anna.get(late.headers.get('location')!);
    assert.ok(anna.text().includes(de.errors.noteAfterErasure), anna.text());
    assert.equal(anna.focused().role, 'alert');
    assert.deepEqual(await store.events(number), before, 'nothing added to the history');
  });

  it('dates, finds and books an order of the first hour after midnight by the day in Germany', async () => {
    const anna = browser();
    await anna.signIn('anna');
    // 00:30 on 1 December in Germany, still 30 November in UTC; in the past, so that its mails are due.
    const at = new Date('2025-11-30T23:30:00Z');
    const late = createApp({
      store,
      config: { ...testConfig, deskUrl: `${ORIGIN}/desk` },
      onMail: outbox.wake,
      now: () => at,
    });
    const company = 'Mitternacht Montage GmbH';
    const response = await late.request(
      '/api/orders',
      post(validOrder({ buyer: { ...buyer, company, email: 'nacht@kunde.example' } })),
    );
    assert.equal(response.status, 201);
    const number = orderAcceptedSchema.parse(await response.json()).orderNumber;
    assert.match(number, /^LW-20251201-/);

    const listed = async (from: string, to: string) => {
      await anna.get(`/desk?${new URLSearchParams({ q: 'mitternacht', from, to })}`);
      return anna.listed();
    };
    assert.deepEqual(await listed('2025-12-01', '2025-12-01'), [number]);
    assert.deepEqual(await listed('2025-11-30', '2025-11-30'), []);
    const booked = async (from: string, to: string) =>
      (
        parseCsv(await (await anna.get(`/desk/accounts.csv?from=${from}&to=${to}`)).text(), {
          bom: true,
          columns: true,
        }) as Record<string, string>[]
      ).filter((row) => row[w.list.accountsColumns.number] === number);
    assert.deepEqual(
      (await booked('2025-12-01', '2025-12-31')).map((row) => row[w.list.accountsColumns.date]),
      ['2025-12-01'],
    );
    assert.deepEqual(await booked('2025-11-01', '2025-11-30'), []);
    // A period that ends before it begins, or has no end, is refused in words, not answered with an empty file.
    // The list stays, with the dates typed kept, the error first and at the fields, which say they are invalid.
    for (const [query, from, to] of [
      ['from=2025-12-31&to=2025-12-01', '2025-12-31', '2025-12-01'],
      ['from=2025-12-01&to=', '2025-12-01', ''],
    ] as const) {
      const refused = await anna.get(`/desk/accounts.csv?${query}`);
      assert.equal(refused.status, 400, query);
      assert.deepEqual(anna.focused(), {
        role: 'alert',
        text: `${w.errors.heading}${w.errors.period}`,
        focusable: true,
      });
      assert.equal(anna.field(w.list.search).attr('value'), 'mitternacht', 'the list as it was left');
      for (const [label, value] of [
        [w.list.from, from],
        [w.list.to, to],
      ] as const) {
        const field = anna.field(label, w.list.accounts);
        assert.equal(field.attr('value') ?? '', value, query);
        assert.equal(field.attr('aria-invalid'), 'true');
        assert.equal(anna.description(label, w.list.accounts), `${w.list.accountsHint} ${w.errors.period}`);
      }
    }

    const [confirmation] = await waitFor('the buyer’s confirmation', () => {
      const found = smtp.confirmationsOf(number);
      return found.length > 0 && found;
    });
    const text = String(confirmation!.mail.text);
    assert.ok(text.includes(formatDay('2025-12-01', 'de')), 'ordered on 1 December');
    assert.ok(!text.includes(formatDay('2025-11-30', 'de')));
  });

  it('exports the filtered list as Excel-safe CSV for the browser’s language, and the accountant’s totals for a period in its words and euros, cancelled orders left out', async () => {
    const anna = browser();
    await anna.signIn('anna');
    const company = '=HYPERLINK("https://evil.example")';
    const number = await place(validOrder({ buyer: { ...buyer, company, email: 'csv@kunde.example' } }));
    const csv = await anna.get(`/desk/orders.csv?q=${encodeURIComponent('hyperlink')}`);
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    // An amount as the spreadsheet of that language reads a number: euros with its decimal mark, nothing else.
    const euros = (cents: number, locale: Locale) =>
      new Intl.NumberFormat(intlLocales[locale], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      }).format(cents / 100);
    // The list's file is for the sales team's spreadsheet too: the desk's words for the columns and the states,
    // the time on a German clock, euros, and the buyer's country by name.
    const stored = (await store.orderByNumber(number))!;
    const ben = browser('de-DE,de;q=0.9');
    await ben.signIn('ben');
    const berlinClock = (at: Date) => {
      const clock = new Intl.DateTimeFormat('en-US', {
        timeZone: 'Europe/Berlin',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const part = Object.fromEntries(clock.formatToParts(at).map(({ type, value }) => [type, value]));
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    };
    for (const [reader, locale] of [
      [anna, 'en'],
      [ben, 'de'],
    ] as const) {
      const w = deskWords[locale];
      const fields = getDictionary(locale).checkout.fields;
      const response = await reader.get(`/desk/orders.csv?q=${encodeURIComponent('hyperlink')}`);
      const rows = parseCsv(await response.text(), {
        columns: true,
        delimiter: locale === 'de' ? ';' : ',',
      }) as Record<string, string>[];
      assert.deepEqual(
        rows.map((row) => row[w.list.accountsColumns.number]),
        [number],
      );
      const [row] = rows;
      assert.equal(row![fields.company], `'${company}`, 'a formula is written as text');
      assert.equal(row![w.order.created], berlinClock(stored.createdAt));
      assert.equal(row![w.list.status], w.statuses.new);
      assert.equal(row![w.list.accountsColumns.gross], euros(stored.gross, locale));
      assert.equal(
        row![fields.country],
        new Intl.DisplayNames([intlLocales[locale]], { type: 'region' }).of(buyer.country),
      );
      assert.ok(
        [w.mail.pending, w.mail.sent].includes(row![`${w.order.sellerMail}: ${w.order.state}`]!),
        JSON.stringify(row),
      );
    }
    // A German browser's download is for a German spreadsheet: `;` between the cells, and the byte order mark
    // without which Excel reads UTF-8 as another encoding. An English one's uses `,`, with the mark as well.
    const bom = [0xef, 0xbb, 0xbf];
    const german = new Uint8Array(
      await (await ben.get(`/desk/orders.csv?q=${encodeURIComponent('hyperlink')}`)).arrayBuffer(),
    );
    assert.deepEqual([...german.slice(0, 3)], bom);
    const germanRows = parseCsv(Buffer.from(german), { bom: true, columns: true, delimiter: ';' }) as Record<
      string,
      string
    >[];
    assert.deepEqual(
      germanRows.map((row) => [
        row[deskWords.de.list.accountsColumns.number],
        row[getDictionary('de').checkout.fields.company],
      ]),
      [[number, `'${company}`]],
    );
    assert.deepEqual([...new Uint8Array(await csv.arrayBuffer()).slice(0, 3)], bom);

    // The accountant's file, as the accountant's spreadsheet opens it, in the language of the desk.
    const day = businessDay((await store.orderByNumber(number))!.createdAt);
    const accounts = async (reader: ReturnType<typeof browser>, locale: Locale) => {
      const response = await reader.get(`/desk/accounts.csv?from=${day}&to=${day}`);
      assert.equal(response.status, 200);
      const column = deskWords[locale].list.accountsColumns;
      const rows = parseCsv(await response.text(), {
        bom: true,
        columns: true,
        delimiter: locale === 'de' ? ';' : ',',
      }) as Record<string, string>[];
      return new Map(rows.map((row) => [row[column.number]!, row]));
    };
    // One of more than a thousand euros, to the EU with a VAT ID; one delivered; one cancelled.
    const { id: category, price } = getCategories()[0]!;
    const reverseCharge = await place(
      validOrder({
        lines: [
          { category, exclusive: true, area: 'germany', quantity: 12, price: unitPriceCents(price, true) },
        ],
        buyer: { ...buyer, country: 'AT', postcode: '1010', city: 'Wien', vatId: 'ATU13585627' },
      }),
    );
    const delivered = await place(validOrder({ buyer: { ...buyer, email: 'geliefert@kunde.example' } }));
    await walk(delivered, ['new', 'confirmed', 'inDelivery', 'completed'], 'anna');
    const cancelled = await place(validOrder({ buyer: { ...buyer, email: 'storno@kunde.example' } }));
    assert.equal(await store.changeStatus(cancelled, { from: 'new', to: 'cancelled' }, 'anna'), true);
    const big = (await store.orderByNumber(reverseCharge))!;
    assert.ok(big.gross >= 100_000, 'an order of more than a thousand euros');

    for (const [reader, locale] of [
      [anna, 'en'],
      [ben, 'de'],
    ] as const) {
      const words = deskWords[locale];
      const column = words.list.accountsColumns;
      const booked = await accounts(reader, locale);
      // Each order's status and VAT case in the desk's words, and amounts that sum to euros, not cents.
      for (const [wanted, status] of [
        [number, 'new'],
        [delivered, 'completed'],
        [reverseCharge, 'new'],
      ] as const) {
        const order = (await store.orderByNumber(wanted))!;
        const row = booked.get(wanted);
        assert.ok(row, `${wanted} in the ${locale} file`);
        assert.deepEqual(
          [column.date, column.status, column.net, column.vatCase, column.vat, column.gross].map(
            (name) => row[name],
          ),
          [
            day,
            words.statuses[status],
            euros(order.net, locale),
            words.vatCases[order.vatCase as VatCase],
            euros(order.vat, locale),
            euros(order.gross, locale),
          ],
          `${wanted} in the ${locale} file`,
        );
      }
      // What the EU sales list and the check of the VAT case need: the buyer's country and VAT ID.
      const row = booked.get(reverseCharge)!;
      assert.deepEqual(
        [row[column.vatCase], row[column.vat], row[column.country], row[column.vatId]],
        [words.vatCases.reverseCharge, euros(0, locale), 'AT', 'ATU13585627'],
      );
      // German: a decimal comma and no thousands separator, a number to German Excel (`3870,00`).
      if (locale === 'de') assert.match(row[column.gross]!, /^\d{4,},\d\d$/);
      // A cancelled order never becomes revenue, so it is not in the file, and the page says so beside the export.
      assert.ok(!booked.has(cancelled), `no cancelled order in the ${locale} file`);
      await reader.get('/desk');
      assert.ok(reader.text().includes(words.list.accountsHint), reader.text());
      assert.ok(
        words.list.accountsHint.toLowerCase().includes(words.statuses.cancelled),
        'the hint names them',
      );
    }
  });
});

describe('a list of more than a thousand orders', () => {
  let own: Store;
  let ownApp: ReturnType<typeof createApp>;
  /** Orders not held as spam, and those held as spam; two of the first are Langlauf's, the rest Tausend's. */
  const ORDERS = 1001;
  const SPAM = 2;
  before(async () => {
    const ownDir = tempDir('orders-desk-thousand');
    const ownEnv = { ORDERS_DATA_DIR: ownDir };
    const config = readConfig({ NODE_ENV: 'test', ...ownEnv, DESK_URL: `${ORIGIN}/desk` });
    own = await openStore(config.database);
    const added = await runCommand(
      ['user', 'add', 'anna'],
      config,
      () => {},
      new Date(),
      Readable.from([`${PASSWORD}\n`]),
    );
    assert.equal(added, 0);
    ownApp = createApp({ store: own, config: { ...testConfig, deskUrl: config.deskUrl } });
    ownApp.route(
      '/desk',
      createDesk({ store: own, config, onMail: () => {}, now: () => new Date(), log: () => {} }),
    );
    // Stored as the service stores them, without mails.
    const category = validOrder().lines[0]!.category;
    const store = async (company: string, spam: boolean) =>
      (
        await own.createOrder(
          storedOrder(category, {
            quote: 'AN-20260101-THOUS1',
            buyer: { ...buyer, company },
            spam: spam ? 'honeypot' : null,
            requestHash: 'thousand',
          }),
          undefined,
        )
      ).order.number;
    const tausend = await store('Tausend GmbH', false);
    for (const company of ['Langlauf 0 GmbH', 'Langlauf 1 GmbH']) await store(company, false);
    for (const company of ['Spam 0 GmbH', 'Spam 1 GmbH']) await store(company, true);
    // The rest are copies of Tausend's, in one statement: each order stored on its own waits for the disk, and a
    // thousand of them would take the test seconds.
    const client = createClient({
      url: `file:${config.database.kind === 'sqlite' ? config.database.file : ''}`,
    });
    try {
      await client.execute({
        sql: `insert into orders (key, number, created_at, locale, quote, buyer, lines, net, vat, gross, vat_case,
                vat_rate, status)
              with recursive copies(n) as (select 1 union all select n + 1 from copies where n < ?)
              select 'copy-' || n, printf('LW-20260101-%06d', 900000 + n), created_at, locale, quote, buyer, lines,
                net, vat, gross, vat_case, vat_rate, status
              from orders, copies where number = ?`,
        args: [ORDERS - 3, tausend],
      });
    } finally {
      client.close();
    }
  });
  after(() => own.close());

  it('says how many orders match the filter, in the list’s caption, and which page of how many is shown', async () => {
    const anna = browser('de-DE,de;q=0.9', ownApp);
    await anna.signIn('anna');
    const pages = Math.ceil(ORDERS / PAGE_SIZE);
    // All of them, in German numbers: the spam held back is not counted, and said apart.
    await anna.get('/desk');
    const all = fill(de.list.count.other, { count: '1.001' });
    assert.ok(anna.caption().includes(all), anna.caption());
    assert.ok(anna.caption().includes(fill(de.list.page, { page: 1, pages })), anna.caption());
    assert.ok(anna.text().includes(fill(de.list.spamHidden.other, { count: SPAM })));
    await anna.get(`/desk?page=${pages}`);
    assert.equal(anna.listed().length, ORDERS - (pages - 1) * PAGE_SIZE);
    assert.ok(anna.caption().includes(all), anna.caption());
    assert.deepEqual(anna.navigations(), [{ name: de.list.pages, links: [de.list.previous] }]);
    assert.ok(anna.text().includes(fill(de.list.page, { page: pages, pages })), anna.text());
    // With the spam, asked for.
    await anna.get('/desk?spam=1');
    assert.ok(anna.caption().includes(fill(de.list.count.other, { count: '1.003' })), anna.caption());
    // A search: as many as it finds, on one page, and one order is one.
    await anna.get('/desk?q=Langlauf');
    assert.equal(anna.caption(), fill(de.list.caption, { orders: fill(de.list.count.other, { count: 2 }) }));
    await anna.get('/desk?q=Langlauf+1');
    assert.equal(anna.caption(), fill(de.list.count.one, { count: 1 }));
    // In English, in English numbers.
    const ben = browser('en-GB,en;q=0.8', ownApp);
    await ben.signIn('anna');
    await ben.get('/desk?status=new&page=2');
    assert.ok(ben.caption().includes(fill(w.list.count.other, { count: '1,001' })), ben.caption());
    assert.ok(ben.caption().includes(fill(w.list.page, { page: 2, pages })), ben.caption());
  });
});

describe('failed mails nobody will send', () => {
  it('gives up a failed mail at the desk: health and the failed filter count it no more, the page, the export and the history say so, and it can still be sent; "not spam" sends the confirmation a mark held back', async () => {
    // A service of its own, so that health counts only this test's mails.
    const config = readConfig({
      NODE_ENV: 'test',
      ORDERS_DATA_DIR: tempDir('orders-give-up'),
      DESK_URL: `${ORIGIN}/desk`,
    });
    const own = await openStore(config.database);
    let worker: Outbox | undefined;
    const service = createApp({
      store: own,
      config: { ...testConfig, deskUrl: config.deskUrl },
      onMail: () => worker?.wake(),
    });
    service.route('/desk', createDesk({ store: own, config, onMail: () => worker?.wake(), log: () => {} }));
    assert.ok(await own.addUser('carla', await hashPassword(PASSWORD)));
    // The buyer's mail server refuses the confirmation for good (a full mailbox), until the buyer empties it.
    let refusing = true;
    const confirmed: string[] = [];
    const toSales: string[] = [];
    const health = async () => (await service.request('/api/health')).json();
    try {
      const placed = async (order: OrderRequestInput) =>
        orderAcceptedSchema.parse(await (await service.request('/api/orders', post(order))).json())
          .orderNumber;
      // One order's mail to the sales team goes out, as a worker sends it, before its confirmation does.
      const half = await placed(validOrder({ buyer: { ...buyer, email: 'halb@kunde.example' } }));
      const first = (await own.claimMail(60_000))!;
      assert.equal(first.message.to, getSite().email, 'the mail to the sales team');
      assert.equal(await own.markSent(first), 'sent');
      const refused = await placed(validOrder({ buyer: { ...buyer, email: 'voll@kunde.example' } }));
      const erased = await placed(validOrder({ buyer: { ...buyer, email: 'loeschen@kunde.example' } }));
      const spam = await placed(validOrder({ buyer: { ...buyer, email: 'zweifel@kunde.example' } }));
      const carla = browser('de-DE,de;q=0.9', service);
      await carla.signIn('carla');
      // Marked as spam then, and let through again: the confirmation the mark held back goes out, and the page
      // says that mails go out, not that all went before.
      await carla.get(`/desk/orders/${half}`);
      await carla.submit('/spam');
      await carla.submit('/spam'); // the step that asks, confirmed
      assert.ok(carla.text().includes(de.done.spam));
      assert.ok(
        carla.text().includes(fill(de.order.notSpamHint.one, { mails: de.order.notSpamMails.buyer })),
        carla.text(),
      );
      await carla.submit('/not-spam');
      assert.ok(carla.text().includes(de.done.notSpam), carla.text());
      assert.ok(!carla.text().includes(de.done.notSpamSent));
      // Before any mail goes out, one buyer asks to be erased, and one order turns out to be spam.
      await carla.get(`/desk/orders/${erased}/erase`);
      await carla.submit('/erase');
      assert.ok(carla.text().includes(de.done.erase));
      await carla.get(`/desk/orders/${spam}`);
      await carla.submit('/spam');
      await carla.submit('/spam'); // the step that asks, confirmed
      assert.ok(carla.text().includes(de.done.spam));

      worker = startOutbox({
        store: own,
        send: async (message) => {
          if (message.kind !== 'buyer') return void toSales.push(message.orderNumber);
          if (refusing && message.orderNumber === refused)
            // As nodemailer reports a recipient's server refusing for good.
            throw Object.assign(new Error('552 5.2.2 Mailbox full'), {
              responseCode: 552,
              command: 'RCPT TO',
              permanent: true,
            });
          confirmed.push(message.orderNumber);
        },
        retryMaxMs: 50,
        leaseMs: 4000,
        log: () => {},
      });
      await waitFor('the confirmation refused, the mail to the sales team sent', async () => {
        const order = await own.orderByNumber(refused);
        return order?.confirmation?.state === 'failed' && order.mail?.state === 'sent';
      });
      // Only the refused confirmation waits for someone: the erased order's and the spam's mails are given up.
      assert.deepEqual(await health(), { database: 'ok', mail: { pending: 0, failed: 1 } });
      await carla.get('/desk?mail=failed');
      assert.deepEqual(carla.listed(), [refused]);
      await carla.get(`/desk/orders/${erased}`);
      assert.ok(carla.text().includes(`${de.order.buyerMail}${de.mail.givenUp}`), carla.text());

      await carla.get(`/desk/orders/${refused}`);
      assert.ok(carla.text().includes(de.order.giveUpHint));
      await carla.submit('/give-up', { kind: 'buyer' });
      assert.ok(carla.text().includes(de.done.giveUp), carla.text());
      assert.ok(carla.text().includes(`${de.order.buyerMail}${de.mail.givenUp}`), carla.text());
      assert.ok(carla.text().includes('552 5.2.2 Mailbox full'), 'the server’s answer stays');
      assert.ok(
        carla.text().includes(`carla: ${fill(de.events.giveUp, { detail: de.order.buyerMail })}`),
        carla.text(),
      );
      assert.ok(!carla.buttons().includes(de.order.giveUpBuyer), 'given up once');
      // The alert is quiet again, and the list of failed mails empty.
      assert.deepEqual(await health(), { database: 'ok', mail: { pending: 0, failed: 0 } });
      await carla.get('/desk?mail=failed');
      assert.deepEqual(carla.listed(), []);
      const exported = parseCsv(await (await carla.get(`/desk/orders.csv?q=${refused}`)).text(), {
        bom: true,
        columns: true,
        delimiter: ';',
      }) as Record<string, string>[];
      assert.deepEqual(
        exported.map((row) => [
          row[de.list.accountsColumns.number],
          row[`${de.order.sellerMail}: ${de.order.state}`],
          row[`${de.order.buyerMail}: ${de.order.state}`],
          row[`${de.order.buyerMail}: ${de.order.answer}`],
        ]),
        [[refused, de.mail.sent, de.mail.givenUp, '552 5.2.2 Mailbox full']],
      );

      // The buyer emptied the mailbox and asks for the confirmation after all.
      refusing = false;
      await carla.get(`/desk/orders/${refused}`);
      await carla.submit('/retry', { kind: 'buyer' });
      assert.ok(carla.text().includes(de.done.retry));
      await waitFor('the confirmation sent', () => confirmed.includes(refused));
      await waitFor(
        'recorded as sent',
        async () => (await own.orderByNumber(refused))?.confirmation?.state === 'sent',
      );
      await waitFor(
        'the held-back confirmation sent',
        async () => (await own.orderByNumber(half))?.confirmation?.state === 'sent',
      );
      assert.deepEqual(confirmed.sort(), [half, refused].sort(), 'nothing of the erased order or the spam');
      assert.deepEqual(
        toSales,
        [refused],
        'the order sent before is not sent again; nothing of the erased or the spam',
      );
    } finally {
      await worker?.stop();
      await own.close();
    }
  });
});
