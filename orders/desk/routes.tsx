/** @jsxImportSource hono/jsx */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { languageDetector } from 'hono/language';
import { secureHeaders } from 'hono/secure-headers';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { businessDay, isDay } from '../../lib/business-day';
import type { Buyer } from '../../lib/checkout/buyer';
import { isVatCase } from '../../lib/checkout/vat';
import { getCategories } from '../../lib/content';
import { fill } from '../../lib/format';
import { isLocale, type Locale } from '../../lib/i18n';
import { formatAmount } from '../../lib/money';
import { clientAddress, rateKey, safeCsv, spreadsheetCsv } from '../app';
import type { OrdersConfig } from '../config';
import { eraseBuyer } from '../mail';
import { orderMails } from '../messages';
import {
  DatabaseUnavailable,
  NEXT_STATUSES,
  PAGE_SIZE,
  isFinalStatus,
  isOrderStatus,
  mayMarkSpam,
  statusChanges,
  type OrderFilter,
  type Store,
} from '../store';
import { SESSION_IDLE_MS, SESSION_MAX_MS, newSessionId, prepareSignIn, sessionHash, signIn } from './auth';
import {
  EraseConfirmPage,
  SpamConfirmPage,
  ErrorPage,
  FinalStatusConfirmPage,
  filterQuery,
  ListPage,
  OrderPageView,
  SignInPage,
  type PageContext,
  MAX_NOTE,
  notSpamSends,
  ordersSheet,
} from './pages';
import { deskWords } from './words';

/**
 * The order desk at /desk: sign-in, the list, an order's page and its actions. Every change is a POST that
 * passes Hono's same-origin check (`hono/csrf`) and carries the session's CSRF token; every page is `noindex`,
 * `no-store`, never framed, and runs under a policy that allows no script at all.
 */

export interface DeskOptions {
  store: Store;
  config: Pick<OrdersConfig, 'mail' | 'mailFrom' | 'deskUrl' | 'trustProxy'>;
  /** Wakes the outbox after mails were queued. */
  onMail?: () => void;
  now?: () => Date;
  /** Where the desk is mounted. */
  base?: string;
  /** The service's log: errors, and each erasure's order number. */
  log?: (line: string) => void;
}

type Env = { Variables: { language: string; user: string | undefined; session: string | undefined } };

const stylesheet = fs.readFileSync(path.join(__dirname, 'desk.css'), 'utf8');
const stylesheetTag = `"${createHash('sha256').update(stylesheet).digest('base64url').slice(0, 16)}"`;

/** The desk's language as chosen at the desk; without it, the browser's. */
const LANGUAGE_COOKIE = 'leadwerk-desk-language';

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const hash = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(hash(given), hash(expected));
}

/** The list's filter from query parameters; anything not understood is left out. */
function readFilter(query: (name: string) => string | undefined): OrderFilter {
  const status = query('status');
  const from = query('from');
  const to = query('to');
  const industry = query('industry');
  const q = (query('q') ?? '').trim().slice(0, 100);
  return {
    ...(isOrderStatus(status) ? { status } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    ...(getCategories().some((category) => category.id === industry) ? { industry } : {}),
    ...(q ? { q } : {}),
    ...(query('spam') === '1' ? { spam: true } : query('spam') === 'only' ? { spam: 'only' as const } : {}),
    ...(query('mail') === 'failed' ? { mailFailed: true } : {}),
  };
}

/** The list's page number from query parameters: 1 unless a sensible other one is given. */
function readPage(query: (name: string) => string | undefined): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(query('page') ?? '1', 10) || 1));
}

export function createDesk({
  store,
  config,
  onMail = () => {},
  now = () => new Date(),
  base = '/desk',
  log = console.error,
}: DeskOptions) {
  const desk = new Hono<Env>();
  const deskOrigin = config.deskUrl ? new URL(config.deskUrl).origin : undefined;

  /** Whether the browser reached the desk over HTTPS (directly, through the proxy, or as DESK_URL says). */
  const overHttps = (c: Context) =>
    new URL(c.req.url).protocol === 'https:' ||
    (config.trustProxy && c.req.header('x-forwarded-proto') === 'https') ||
    deskOrigin?.startsWith('https:') === true;
  /** `__Host-` binds the cookie to this host and path `/`, and needs Secure; over plain HTTP (npm start) it cannot be. */
  const cookieName = (c: Context) => (overHttps(c) ? '__Host-leadwerk-desk' : 'leadwerk-desk');
  /** The list's filter as last shown, a session cookie (a search may be a buyer's e-mail address). */
  const listCookie = (c: Context) => (overHttps(c) ? '__Host-leadwerk-desk-list' : 'leadwerk-desk-list');
  /**
   * Forgets the list's filter this browser has, if any: when the list is shown unfiltered, and when the session it
   * belongs to ends (a search may be a buyer's e-mail address).
   */
  const forgetList = (c: Context) => {
    if (getCookie(c, listCookie(c)) !== undefined) deleteCookie(c, listCookie(c), cookieOptions(c));
  };
  const signInCookie = (c: Context) =>
    overHttps(c) ? '__Host-leadwerk-desk-sign-in' : 'leadwerk-desk-sign-in';
  const cookieOptions = (c: Context) =>
    ({ httpOnly: true, sameSite: 'Strict', secure: overHttps(c), path: '/' }) as const;

  /** A session's CSRF token: a keyed hash of its id, so every instance can check it and none stores it. */
  const csrfToken = (session: string) => store.clientHash(`desk-csrf:${session}`);

  const localeOf = (c: Context<Env>): Locale => {
    const language = c.get('language');
    return isLocale(language) ? language : 'en';
  };
  /** The list as this browser left it: its filter and page, read again as the list reads its query. */
  const listLeft = (c: Context<Env>) => {
    const shown = new URLSearchParams(getCookie(c, listCookie(c)) ?? '');
    const query = (name: string) => shown.get(name) ?? undefined;
    return { filter: readFilter(query), page: readPage(query) };
  };
  const listHref = (c: Context<Env>) => {
    const { filter, page } = listLeft(c);
    return `${base}${filterQuery(filter, page)}`;
  };
  /** The order a form of an order's page posts to (`/desk/orders/<number>/<action>`), by its number. */
  const formOrder = (pathname: string): string | undefined => {
    const parts = pathname.split('/');
    if (parts.at(-3) !== 'orders') return undefined;
    try {
      return decodeURIComponent(parts.at(-2)!);
    } catch {
      // A broken escape (`%E0%A4%A`) names no order.
      return undefined;
    }
  };
  /**
   * Where the link to the desk in its other language leads: the language's address, and back to this page after it.
   * A page that answers a form has no address to come back to: then `back`, else the order the form was about, or
   * the list.
   */
  const languageHref = (c: Context<Env>, back?: string) => {
    const url = new URL(c.req.url);
    const order = formOrder(url.pathname);
    // A page's one-time notice (`done`, `error`) is not carried into the other language: it told of an action then.
    const query = new URLSearchParams(url.search);
    query.delete('done');
    query.delete('error');
    const search = query.size > 0 ? `?${query}` : '';
    back ??=
      c.req.method === 'GET'
        ? `${url.pathname}${search}`
        : order !== undefined
          ? `${base}/orders/${encodeURIComponent(order)}`
          : c.get('user')
            ? listHref(c)
            : base;
    const other = localeOf(c) === 'de' ? 'en' : 'de';
    return `${base}/language/${other}?${new URLSearchParams({ back })}`;
  };
  /** `back`: where the language link leads back to, if not this page (`languageHref`). */
  const context = (c: Context<Env>, csrf = '', back?: string): PageContext => ({
    locale: localeOf(c),
    user: c.get('user'),
    csrf,
    base,
    list: c.get('user') ? listHref(c) : base,
    otherLanguage: languageHref(c, back),
  });
  const render = (
    c: Context<Env>,
    page: JSX.Element,
    status: 200 | 400 | 403 | 404 | 429 | 500 | 503 = 200,
  ) => c.html(`<!doctype html>${String(page)}`, status);

  desk.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'same-origin',
      strictTransportSecurity: false,
    }),
  );
  desk.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
  });
  desk.use(
    languageDetector({
      supportedLanguages: ['en', 'de'],
      fallbackLanguage: 'en',
      // A language chosen at the desk (its link in the header) before the browser's.
      order: ['cookie', 'header'],
      lookupCookie: LANGUAGE_COOKIE,
      caches: false,
      convertDetectedLanguage: (language) => language.split('-')[0]!.toLowerCase(),
    }),
  );
  // No desk form comes near 64 kB (a note is at most 2,000 characters, 24 kB percent-encoded at worst); a
  // larger body is refused before it is read, also where no proxy limits it.
  desk.use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('Payload Too Large', 413) }));
  // A form posted from another site (or one that a browser marks as such) is refused before anything else.
  desk.use(
    csrf({
      origin: (origin, c) => origin === new URL(c.req.url).origin || origin === deskOrigin,
    }),
  );

  desk.get('/desk.css', (c) => {
    if (c.req.header('if-none-match') === stylesheetTag) return c.body(null, 304);
    return c.body(stylesheet, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      ETag: stylesheetTag,
    });
  });

  // ---- Sign-in: before a session, its form's token is tied to a random value in a cookie of its own. ----

  /**
   * `next` if it is a path under the desk (with its query), else undefined: another host, `//host`, a scheme or
   * no address at all never leads anywhere, so no link of the desk can send anyone away.
   */
  const deskPath = (next: unknown): string | undefined => {
    if (typeof next !== 'string') return undefined;
    const origin = 'http://desk.invalid';
    let url: URL;
    try {
      url = new URL(next, `${origin}${base}/`);
    } catch {
      return undefined; // `http://[`
    }
    const inDesk = url.pathname === base || url.pathname.startsWith(`${base}/`);
    return url.origin === origin && inDesk && next === `${url.pathname}${url.search}` ? next : undefined;
  };
  /** Where to go after signing in: a page of the desk the session ended on, else the list. */
  const afterSignIn = (next: unknown): string => {
    const path = deskPath(next);
    const signingInOrOut = [`${base}/sign-in`, `${base}/sign-out`].some(
      (page) => path?.split('?')[0] === page,
    );
    return path === undefined || signingInOrOut ? base : path;
  };

  // The desk in the other language, for this browser from now on: a preference, not a session (a year, and sent
  // when a link from a mail opens the desk, hence Lax); then back to the page it was chosen on.
  desk.get('/language/:locale', (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return c.notFound();
    setCookie(c, LANGUAGE_COOKIE, locale, {
      ...cookieOptions(c),
      sameSite: 'Lax',
      path: base,
      maxAge: 365 * 24 * 60 * 60,
    });
    return c.redirect(deskPath(c.req.query('back')) ?? base, 303);
  });

  const signInForm = (
    c: Context<Env>,
    {
      message,
      error,
      invalid,
      name,
      next,
    }: { message?: string; error?: string; invalid?: boolean; name?: string; next?: unknown },
    status: 200 | 403 | 429 = 200,
  ) => {
    const nonce = randomBytes(24).toString('base64url');
    setCookie(c, signInCookie(c), nonce, { ...cookieOptions(c), maxAge: 3600 });
    const then = afterSignIn(next);
    return render(
      c,
      <SignInPage
        ctx={context(
          c,
          store.clientHash(`desk-sign-in:${nonce}`),
          // After a refused sign-in, the sign-in page again, still leading on to where it was going.
          then === base ? `${base}/sign-in` : `${base}/sign-in?${new URLSearchParams({ next: then })}`,
        )}
        message={message}
        error={error}
        invalid={invalid}
        name={name}
        next={then === base ? undefined : then}
      />,
      status,
    );
  };

  desk.get('/sign-in', (c) => {
    // A form is sent only from this page (its token): the unknown names' hash is ready before the first one.
    prepareSignIn();
    const w = deskWords[localeOf(c)].signIn;
    const note = c.req.query('note');
    const message = [
      note === 'expired' ? w.expired : note === 'signed-out' ? w.signedOut : undefined,
      c.req.query('unsaved') === '1' ? w.unsaved : undefined,
    ].filter(Boolean);
    return signInForm(c, {
      message: message.length > 0 ? message.join(' ') : undefined,
      next: c.req.query('next'),
    });
  });

  desk.post('/sign-in', async (c) => {
    const w = deskWords[localeOf(c)].signIn;
    const form = await c.req.parseBody();
    const nonce = getCookie(c, signInCookie(c));
    const name = typeof form.name === 'string' ? form.name : '';
    if (!nonce || !sameToken(form.csrf, store.clientHash(`desk-sign-in:${nonce}`)))
      return signInForm(c, { error: w.refused, name, next: form.next }, 403);
    const password = typeof form.password === 'string' ? form.password : '';
    const client = store.clientHash(rateKey(clientAddress(c, config.trustProxy)));
    const result = await signIn(store, name, password, now(), client);
    if (!result.ok)
      return signInForm(
        c,
        { error: w[result.reason], invalid: result.reason === 'wrong', name, next: form.next },
        result.reason === 'wrong' ? 403 : 429,
      );
    // A session this browser had ends here, so a copy of its cookie signs nobody in; its list's filter (which
    // may be a buyer's e-mail address) goes with it.
    const before = getCookie(c, cookieName(c));
    if (before) await store.endSession(sessionHash(before));
    forgetList(c);
    const session = newSessionId();
    await store.createSession(sessionHash(session), result.name, now());
    deleteCookie(c, signInCookie(c), cookieOptions(c));
    setCookie(c, cookieName(c), session, cookieOptions(c));
    return c.redirect(afterSignIn(form.next), 303);
  });

  // ---- Everything else needs a session. ----

  const signedIn: MiddlewareHandler<Env> = async (c, next) => {
    const session = getCookie(c, cookieName(c));
    const user = session
      ? await store.touchSession(sessionHash(session), now(), SESSION_IDLE_MS, SESSION_MAX_MS)
      : undefined;
    if (!session || !user) {
      if (session) deleteCookie(c, cookieName(c), cookieOptions(c));
      // The list's filter goes with the session, as on sign-out.
      forgetList(c);
      // Back to this page after signing in; after a form, to the order it was on. What was typed is not kept,
      // so a change refused here is said to be lost: on the sign-in page, and on the order's page after it.
      const url = new URL(c.req.url);
      const number = formOrder(url.pathname);
      const order = number === undefined ? undefined : `${base}/orders/${encodeURIComponent(number)}`;
      const unsaved = c.req.method === 'POST' && url.pathname !== `${base}/sign-out`;
      const next =
        c.req.method === 'GET'
          ? `${url.pathname}${url.search}`
          : order
            ? `${order}${unsaved ? '?error=unsaved' : ''}`
            : base;
      const query = new URLSearchParams({
        ...(session ? { note: 'expired' } : {}),
        ...(unsaved ? { unsaved: '1' } : {}),
        next,
      });
      return c.redirect(`${base}/sign-in?${query}`, 303);
    }
    c.set('user', user);
    c.set('session', session);
    if (c.req.method === 'POST') {
      const form = await c.req.parseBody();
      // The form is out of date: its page, the order it is about, is the place to try again.
      if (!sameToken(form.csrf, csrfToken(session)))
        return render(
          c,
          <ErrorPage
            ctx={context(c, csrfToken(session))}
            text={deskWords[localeOf(c)].signIn.refused}
            order={formOrder(new URL(c.req.url).pathname)}
          />,
          403,
        );
    }
    await next();
  };
  desk.use('/', signedIn);
  desk.use('/sign-out', signedIn);
  desk.use('/orders/*', signedIn);
  desk.use('/orders.csv', signedIn);
  desk.use('/accounts.csv', signedIn);

  const pageContext = (c: Context<Env>) => context(c, csrfToken(c.get('session')!));

  desk.post('/sign-out', async (c) => {
    await store.endSession(sessionHash(c.get('session')!));
    deleteCookie(c, cookieName(c), cookieOptions(c));
    forgetList(c);
    return c.redirect(`${base}/sign-in?note=signed-out`, 303);
  });

  desk.get('/', async (c) => {
    const filter = readFilter((name) => c.req.query(name));
    const page = readPage((name) => c.req.query(name));
    // The order pages lead back to the list as it was left: its filter, search and page, for this browser session.
    const shown = filterQuery(filter, page).slice(1);
    if (shown) setCookie(c, listCookie(c), shown, cookieOptions(c));
    else forgetList(c);
    return showList(c, filter, page);
  });

  const showList = async (
    c: Context<Env>,
    filter: OrderFilter,
    page: number,
    period?: { from: string; to: string },
  ) => {
    const counts = await store.listCounts(filter);
    // A page past the end (a list left on page 3 that has since shrunk to two) shows the last one, not an empty page.
    const shownPage = Math.min(page, Math.max(1, Math.ceil(counts.matching / PAGE_SIZE)));
    const result = await store.listPage(filter, shownPage);
    return render(
      c,
      <ListPage
        ctx={pageContext(c)}
        filter={filter}
        page={shownPage}
        result={result}
        counts={counts}
        period={period}
      />,
      period ? 400 : 200,
    );
  };

  desk.get('/orders.csv', async (c) => {
    return c.body(
      safeCsv(
        ordersSheet(await store.allFiltered(readFilter((name) => c.req.query(name))), localeOf(c)),
        spreadsheetCsv(localeOf(c)),
      ),
      200,
      {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${deskWords[localeOf(c)].list.files.orders}-${businessDay(now())}.csv"`,
      },
    );
  });

  desk.get('/accounts.csv', async (c) => {
    const from = c.req.query('from');
    const to = c.req.query('to');
    // The list as it was left, with the period kept and the error at its fields.
    if (!isDay(from) || !isDay(to) || from > to) {
      const { filter, page } = listLeft(c);
      return showList(c, filter, page, { from: isDay(from) ? from : '', to: isDay(to) ? to : '' });
    }
    const rows = await store.accounts(from, to);
    // The file is for the accountant's spreadsheet in the desk's language: its words for the columns, the status
    // and the VAT case, and amounts as numbers it sums (`3870,00` in German), not cents or text.
    const locale = localeOf(c);
    const words = deskWords[locale];
    const column = words.list.accountsColumns;
    const amount = (cents: number | string) => formatAmount(Number(cents), locale);
    return c.body(
      safeCsv(
        [
          // The buyer's country and VAT ID: reverse-charge sales go into the EU sales list by the buyer's VAT ID
          // (§ 18a UStG), and the accountant checks the VAT case against them.
          [
            column.number,
            column.date,
            column.status,
            column.net,
            column.vatCase,
            column.vat,
            column.gross,
            column.country,
            column.vatId,
          ],
          ...rows.map((row) => {
            const buyer = JSON.parse(row.buyer) as Partial<Buyer>;
            return [
              row.number ?? '',
              businessDay(new Date(row.created_at)),
              words.statuses[row.status],
              amount(row.net),
              isVatCase(row.vat_case) ? words.vatCases[row.vat_case] : row.vat_case,
              amount(row.vat),
              amount(row.gross),
              buyer.country ?? '',
              buyer.vatId ?? '',
            ];
          }),
        ],
        spreadsheetCsv(localeOf(c)),
      ),
      200,
      {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${words.list.files.accounts}-${from}-${to}.csv"`,
      },
    );
  });

  const done = ['status', 'note', 'retry', 'giveUp', 'spam', 'notSpam', 'notSpamSent', 'erase'] as const;
  type Done = (typeof done)[number];

  desk.get('/orders/:number', async (c) => {
    const number = c.req.param('number');
    const order = await store.orderByNumber(number);
    const w = deskWords[localeOf(c)];
    if (!order) return render(c, <ErrorPage ctx={pageContext(c)} text={w.errors.notFound} />, 404);
    const flag = c.req.query('done');
    const error = c.req.query('error');
    // What a refused action says on the order's page; any other refusal, the generic words. An action on a mail,
    // the spam mark or the erasure that no longer fits the order: someone changed it since, and the page shows how.
    const errorTexts: Partial<Record<string, string>> = {
      status: w.errors.status,
      'status-changed': w.errors.changed,
      note: w.errors.note,
      'note-erased': w.errors.noteAfterErasure,
      'spam-worked': w.errors.spamWorked,
      unsaved: w.errors.unsaved,
      retry: w.errors.changed,
      'give-up': w.errors.changed,
      spam: w.errors.changed,
      'not-spam': w.errors.changed,
      erase: w.errors.changed,
    };
    return render(
      c,
      <OrderPageView
        ctx={pageContext(c)}
        order={order}
        events={await store.events(number)}
        message={
          (done as readonly string[]).includes(flag ?? '')
            ? fill(w.done[flag as Done], { status: w.statuses[order.status] })
            : undefined
        }
        error={error ? (errorTexts[error] ?? w.errors.generic) : undefined}
        noteError={error === 'note'}
      />,
    );
  });

  const back = (c: Context, number: string, query: string) =>
    c.redirect(`${base}/orders/${encodeURIComponent(number)}?${query}`, 303);

  desk.post('/orders/:number/status', async (c) => {
    const number = c.req.param('number');
    const form = await c.req.parseBody();
    const { status, from } = form;
    const seen = Number(form.seen);
    if (!isOrderStatus(status)) return back(c, number, 'error=status');
    // The status and the number of changes the page showed; a page without them is from before they were sent.
    if (!isOrderStatus(from) || !Number.isInteger(seen)) return back(c, number, 'error=status-changed');
    // Nothing follows a final status, so it is set only from its own step, which says so: the select's one
    // keystroke and Enter never cancel an order by themselves.
    if (isFinalStatus(status) && form.confirm !== status) {
      const order = await store.orderByNumber(number);
      // The form was shown for the order's status then: another one now means it was changed meanwhile.
      const changes = statusChanges(await store.events(number));
      if (!order || order.status !== from || changes !== seen || !NEXT_STATUSES[from].includes(status))
        return back(c, number, 'error=status-changed');
      return render(
        c,
        <FinalStatusConfirmPage ctx={pageContext(c)} order={order} status={status} seen={seen} />,
      );
    }
    if (!(await store.changeStatus(number, { from, to: status, seen }, c.get('user')!)))
      return back(c, number, 'error=status-changed');
    return back(c, number, 'done=status');
  });

  desk.post('/orders/:number/note', async (c) => {
    const number = c.req.param('number');
    const form = await c.req.parseBody();
    // A form sends each line break as CR LF; the field's limit counts it as one character, and so does this one.
    const note = typeof form.note === 'string' ? form.note.replace(/\r\n?/g, '\n').trim() : '';
    if (note === '' || note.length > MAX_NOTE) return back(c, number, 'error=note');
    const added = await store.addNote(number, c.get('user')!, note);
    // An erased order takes no note: a note may name the buyer whose details were erased.
    if (added === 'erased') return back(c, number, 'error=note-erased');
    if (added === 'missing') return back(c, number, 'error=missing');
    return back(c, number, 'done=note');
  });

  desk.post('/orders/:number/retry', async (c) => {
    const number = c.req.param('number');
    // The button pressed names the mail: the order to the sales team, or the buyer's confirmation.
    const { kind } = await c.req.parseBody();
    const mail = kind === 'seller' || kind === 'buyer' ? kind : undefined;
    if (!(await store.retryMail(number, mail))) return back(c, number, 'error=retry');
    await store.recordEvent(number, { who: c.get('user')!, kind: 'retry', detail: mail ?? '' });
    onMail();
    return back(c, number, 'done=retry');
  });

  desk.post('/orders/:number/give-up', async (c) => {
    const number = c.req.param('number');
    // The button pressed names the mail, as for sending again.
    const { kind } = await c.req.parseBody();
    if (kind !== 'seller' && kind !== 'buyer') return back(c, number, 'error=give-up');
    if (!(await store.giveUpMail(number, kind, c.get('user')!))) return back(c, number, 'error=give-up');
    return back(c, number, 'done=giveUp');
  });

  desk.post('/orders/:number/spam', async (c) => {
    const number = c.req.param('number');
    // The order page's button asks first, on a page of its own; its button sends `confirm`.
    if ((await c.req.parseBody()).confirm !== 'spam') {
      const order = await store.orderByNumber(number);
      if (!order || order.spam !== null) return back(c, number, 'error=spam');
      if (!mayMarkSpam(order, await store.events(number))) return back(c, number, 'error=spam-worked');
      return render(c, <SpamConfirmPage ctx={pageContext(c)} order={order} />);
    }
    // Only a new order can be spam: one someone has worked on is a commercial record, kept for years.
    const marked = await store.markSpam(number, c.get('user')!);
    if (marked === 'worked') return back(c, number, 'error=spam-worked');
    if (marked !== 'marked') return back(c, number, 'error=spam');
    return back(c, number, 'done=spam');
  });

  desk.post('/orders/:number/not-spam', async (c) => {
    const number = c.req.param('number');
    // An order marked spam by hand after its mails went out (or failed) has nothing left to send: the page says so.
    // One whose mail (to the sales team, or the buyer's confirmation) the mark held back sends that one now, and
    // one held as spam when it came in sends both.
    const before = await store.orderByNumber(number);
    const sentBefore = before !== undefined && notSpamSends(before).length === 0;
    const released = await store.markNotSpam(number, c.get('user')!, (order) =>
      orderMails(order, config, (address) => store.clientHash(address)),
    );
    if (!released) return back(c, number, 'error=not-spam');
    onMail();
    return back(c, number, sentBefore ? 'done=notSpamSent' : 'done=notSpam');
  });

  desk.get('/orders/:number/erase', async (c) => {
    const order = await store.orderByNumber(c.req.param('number'));
    if (!order)
      return render(c, <ErrorPage ctx={pageContext(c)} text={deskWords[localeOf(c)].errors.notFound} />, 404);
    return render(c, <EraseConfirmPage ctx={pageContext(c)} order={order} />);
  });

  desk.post('/orders/:number/erase', async (c) => {
    const number = c.req.param('number');
    if (!(await eraseBuyer(store, config.mail, number, c.get('user')!, log)))
      return back(c, number, 'error=erase');
    return back(c, number, 'done=erase');
  });

  // Anything else under /desk: a page in the desk's language, not the API's JSON.
  desk.all('*', (c) =>
    render(c, <ErrorPage ctx={context(c)} text={deskWords[localeOf(c)].errors.pageNotFound} />, 404),
  );

  // The database is away (restarting, down, locked): say so on a page, and when to try again.
  desk.onError((error, c) => {
    // A form posted from another site, refused by the same-origin check: a page in words, not a bare "Forbidden".
    if (error instanceof HTTPException && error.status === 403)
      return render(c, <ErrorPage ctx={context(c)} text={deskWords[localeOf(c)].errors.forbidden} />, 403);
    if (error instanceof HTTPException) return error.getResponse();
    log(`Desk: ${error.name}: ${error.message}`);
    const unavailable = error instanceof DatabaseUnavailable;
    if (unavailable) c.header('Retry-After', '5');
    return render(
      c,
      <ErrorPage ctx={context(c)} text={deskWords[localeOf(c)].errors.generic} />,
      unavailable ? 503 : 500,
    );
  });

  return desk;
}
