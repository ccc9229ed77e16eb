/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { BUSINESS_TIME_ZONE, businessTime } from '../../lib/business-day';
import { splitGroupKey } from '../../lib/cart/rules';
import { BUYER_FIELDS } from '../../lib/checkout/buyer';
import { buyerLines, type OrderRow, type OrderWords } from '../../lib/checkout/order';
import { describeAreaCode } from '../../lib/order/area';
import { orderWords } from '../../lib/checkout/words';
import { isVatCase, vatTotals } from '../../lib/checkout/vat';
import { getCategories, getCategoryNames } from '../../lib/content';
import { fill, plural } from '../../lib/format';
import { intlLocales, type Locale } from '../../lib/i18n';
import { formatAmount, formatMoney } from '../../lib/money';
import {
  NEXT_STATUSES,
  ORDER_STATUSES,
  PAGE_SIZE,
  categoriesOf,
  isFinalStatus,
  isOrderStatus,
  isStepBack,
  mayMarkSpam,
  statusChanges,
  type FinalStatus,
  type MailState,
  type OrderEvent,
  type OrderFilter,
  type OrderPage,
  type OrderStatus,
  type StoredOrder,
} from '../store';
import { orderVatRate } from '../messages';
import { deskWords, type DeskWords } from './words';

/** The longest note, in characters (a line break is one), in the field and as the desk takes it. */
export const MAX_NOTE = 2000;

/** A line's delivery area in the words of the desk's language, from the code its key holds. */
function areaIn(line: OrderRow, words: OrderWords): string {
  const { area } = splitGroupKey(line.key);
  return area ? describeAreaCode(area, words.areaWords) : line.area;
}

/**
 * The desk's pages, rendered on the server with Hono's JSX: plain HTML forms that post, no script at all, one
 * stylesheet of the service's own. Every field has a label, every table a name (its caption, or the heading above
 * it) and header cells, every message a live region, so a keyboard and a screen reader reach everything.
 */

export interface PageContext {
  locale: Locale;
  /** The signed-in account, or undefined on the sign-in page. */
  user?: string;
  /** The CSRF token for this session's forms. */
  csrf: string;
  /** Where the desk is mounted: `/desk`. */
  base: string;
  /** The list as the user left it (its filter and page), where "Back to list" leads. */
  list: string;
  /** This page in the desk's other language. */
  otherLanguage: string;
}

function words(locale: Locale): DeskWords {
  return deskWords[locale];
}

/** A moment as the sales team in Germany reads it: the day, and with `withTime` the time of day too. */
function berlinTime(iso: string, locale: Locale, withTime = true): string {
  return new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: BUSINESS_TIME_ZONE,
  }).format(new Date(iso));
}

/** A heading's words with the order's number in them, the number kept on one line (not broken at a hyphen). */
function withNumber(template: string, number: string) {
  const [before = '', after = ''] = template.split('{number}');
  return (
    <>
      {before}
      <span class="nowrap">{number}</span>
      {after}
    </>
  );
}

function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}

function Layout({
  ctx,
  title,
  notice,
  children,
}: {
  ctx: PageContext;
  title: string;
  /** The message or error the page opens with: it comes first in the title, which a screen reader reads out. */
  notice?: string;
  children: Child;
}) {
  const w = words(ctx.locale);
  const other = ctx.locale === 'de' ? 'en' : 'de';
  return (
    <html lang={ctx.locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{[notice, title, w.nav].filter(Boolean).join(' · ')}</title>
        <link rel="stylesheet" href={`${ctx.base}/desk.css`} />
      </head>
      <body>
        <a class="skip" href="#main">
          {w.skip}
        </a>
        <header class="top">
          <a class="brand" href={ctx.base}>
            Leadwerk <span>{w.nav}</span>
          </a>
          {/* Named in its own language, for a reader of that language, and read out in it. */}
          <a class="language" href={ctx.otherLanguage} lang={other} hreflang={other}>
            {words(other).languageName}
          </a>
          {ctx.user && (
            <form method="post" action={`${ctx.base}/sign-out`} class="account">
              <span>{fill(w.signedInAs, { name: ctx.user })}</span>
              <Csrf token={ctx.csrf} />
              <button type="submit" class="secondary">
                {w.signOut}
              </button>
            </form>
          )}
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}

/**
 * A message after an action, or an error. A live region present at load is seldom read out, so the notice takes
 * the focus as the page opens (`autofocus`, no script), and the page's title begins with it (`noticeTitle`).
 */
function Notice({
  message,
  error,
}: {
  message?: string;
  /** `field`: the id of the field the error is about; the text links to it. */
  error?: { heading: string; text: string; field?: string };
}) {
  if (error)
    return (
      <div class="notice error" role="alert" tabindex={-1} autofocus>
        <h2>{error.heading}</h2>
        <p>{error.field ? <a href={`#${error.field}`}>{error.text}</a> : error.text}</p>
      </div>
    );
  return message ? (
    <p class="notice" role="status" tabindex={-1} autofocus>
      {message}
    </p>
  ) : null;
}

/** What the title begins with: the message, or the error marked as one. */
function noticeTitle(w: DeskWords, message?: string, error?: string): string | undefined {
  return error ? fill(w.errors.titleError, { text: error }) : message;
}

export function SignInPage({
  ctx,
  message,
  error,
  name,
  next,
  invalid = false,
}: {
  ctx: PageContext;
  message?: string;
  error?: string;
  /** The name and password did not match: both fields are marked invalid. */
  invalid?: boolean;
  /** The name typed before a wrong password, kept. */
  name?: string;
  /** The desk's page to go on to once signed in. */
  next?: string;
}) {
  const w = words(ctx.locale).signIn;
  const described = error ? 'sign-in-error' : undefined;
  return (
    <Layout ctx={ctx} title={w.heading} notice={noticeTitle(words(ctx.locale), message, error)}>
      <div class="narrow">
        <h1>{w.heading}</h1>
        {error ? (
          <p class="notice error" role="alert" id="sign-in-error">
            {error}
          </p>
        ) : (
          <Notice message={message} />
        )}
        <form method="post" action={`${ctx.base}/sign-in`} class="stack">
          <Csrf token={ctx.csrf} />
          {next && <input type="hidden" name="next" value={next} />}
          <label for="name">{w.name}</label>
          <input
            id="name"
            name="name"
            value={name}
            autocomplete="username"
            required
            aria-describedby={described}
            aria-invalid={invalid ? 'true' : undefined}
            // Where a signed-out sales person starts typing; a message or an error takes the focus instead.
            autofocus={!error && !message}
          />
          <label for="password">{w.password}</label>
          {/* After an error the name is kept: the password is what to type again. */}
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            aria-describedby={described}
            aria-invalid={invalid ? 'true' : undefined}
            autofocus={Boolean(error)}
          />
          <button type="submit">{w.button}</button>
        </form>
      </div>
    </Layout>
  );
}

/** Where a mail is, in words; `fallback` when the order has none. */
function mailText(state: MailState | null, w: DeskWords, fallback: string): string {
  if (!state) return fallback;
  // Given up because the order was marked as spam before it went out: none was sent, because of spam.
  if (state.state === 'givenUp' && state.error === 'spam') return w.mail.spam;
  return w.mail[state.state];
}

/**
 * A mail's state as the desk shows it: a failed one stands out. `locale` for the list, which has no column of
 * attempts: there a mail still to be sent says how often the server refused it so far, not just that it waits.
 */
function mailLabel(state: MailState | null, w: DeskWords, fallback: string, locale?: Locale) {
  // A failed mail is what the sales team has to act on: it stands out. A given-up one no longer does.
  if (state?.state === 'failed') return <strong class="failed">{w.mail.failed}</strong>;
  if (locale && state?.state === 'pending' && state.attempts > 0)
    return fill(plural(w.mail.retrying, state.attempts, locale), {
      count: new Intl.NumberFormat(intlLocales[locale]).format(state.attempts),
    });
  return mailText(state, w, fallback);
}

/**
 * The mail server's last answer; a mail the service itself gave up has none. The state says a spam mark held it back,
 * and an erasure is named in words, not by the service's code for it.
 */
function serverAnswer(state: MailState | null, w: DeskWords): string {
  if (state?.error === 'spam') return '—';
  if (state?.error === 'erased') return w.order.erased;
  return state?.error ?? '—';
}

/** What the buyer's confirmation shows when it has no mail: spam, skipped past the daily limit, or none. */
function noConfirmation(order: StoredOrder, w: DeskWords): string {
  if (order.spam) return w.mail.spam;
  if (order.confirmationSkipped === 'limit') return w.mail.limit;
  return w.mail.none;
}

/**
 * The list's orders as the sales team's spreadsheet shows them, in the desk's language: its words for the columns,
 * the states and the VAT cases, times as German clocks show them (`businessTime`), amounts in euros as numbers the
 * spreadsheet sums. The owner's export (`ordersCsv`) keeps codes, cents and UTC for programs.
 */
export function ordersSheet(orders: StoredOrder[], locale: Locale): (string | number)[][] {
  const w = words(locale);
  const o = w.order;
  const column = w.list.accountsColumns;
  const orderText = orderWords(locale);
  const fields = { ...orderText.strings.fields, poNumber: o.poNumber };
  const names = getCategoryNames(locale);
  const language = new Intl.DisplayNames(locale, { type: 'language' });
  const count = new Intl.NumberFormat(intlLocales[locale]);
  const amount = (cents: number) => formatAmount(cents, locale);
  const mails = [
    [
      o.sellerMail,
      (order: StoredOrder) => order.mail,
      (order: StoredOrder) => (order.spam ? w.mail.spam : w.mail.none),
    ],
    [
      o.buyerMail,
      (order: StoredOrder) => order.confirmation,
      (order: StoredOrder) => noConfirmation(order, w),
    ],
  ] as const;
  const header = [
    column.number,
    o.created,
    w.list.status,
    o.spam,
    o.language,
    o.quote,
    column.net,
    column.vatCase,
    column.vat,
    column.gross,
    o.lines,
    ...BUYER_FIELDS.map((field) => fields[field]),
    ...mails.flatMap(([mail]) => [o.state, o.at, o.tries, o.answer].map((name) => `${mail}: ${name}`)),
  ];
  const rows = orders.map((order) => [
    order.number,
    businessTime(order.createdAt),
    w.statuses[order.status],
    order.spam ? o.spamBecause[order.spam] : '',
    language.of(order.locale) ?? order.locale,
    order.quote,
    amount(order.net),
    isVatCase(order.vatCase) ? w.vatCases[order.vatCase] : order.vatCase,
    amount(order.vat),
    amount(order.gross),
    order.lines
      .map((line) => {
        const name = names[splitGroupKey(line.key).category] ?? line.name;
        const kind = line.exclusive ? o.exclusive : o.shared;
        return `${count.format(line.quantity)} × ${name} (${kind}), ${areaIn(line, orderText)}`;
      })
      .join('; '),
    ...BUYER_FIELDS.map((field) =>
      field === 'country'
        ? (orderText.countryNames[order.buyer.country] ?? order.buyer.country)
        : order.buyer[field],
    ),
    ...mails.flatMap(([, mailOf, fallback]) => {
      const state = mailOf(order);
      const answer = serverAnswer(state, w);
      return [
        mailText(state, w, fallback(order)),
        state ? businessTime(new Date(state.at)) : '',
        state ? state.attempts : '',
        answer === '—' ? '' : answer,
      ];
    }),
  ]);
  return [header, ...rows];
}

/**
 * The mails "not spam" sends: both for an order held as spam when it came in (it has none yet), else those the mark
 * held back. One sent or failed before the mark is left as it is.
 */
export function notSpamSends(order: StoredOrder): ('seller' | 'buyer')[] {
  if (order.mail === null && order.confirmation === null) return ['seller', 'buyer'];
  return (['seller', 'buyer'] as const).filter(
    (kind) => (kind === 'seller' ? order.mail : order.confirmation)?.error === 'spam',
  );
}

/** What happened to the confirmation: a spam mark after it went out leaves it sent. */
function confirmationLabel(order: StoredOrder, w: DeskWords, locale: Locale) {
  return mailLabel(order.confirmation, w, noConfirmation(order, w), locale);
}

/** The list's filter as query parameters: the list's own links, the pages and the export keep it. */
export function filterQuery(filter: OrderFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.industry) params.set('industry', filter.industry);
  if (filter.q) params.set('q', filter.q);
  if (filter.spam) params.set('spam', filter.spam === 'only' ? 'only' : '1');
  if (filter.mailFailed) params.set('mail', 'failed');
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A column of a `CardTable`: its name, and whether it holds amounts or counts (set right). */
interface Column {
  name: string;
  num?: boolean;
}

/**
 * A table that is a stack of cards on a phone (desk.css, `.cards`): each row a card, its row heading on top and
 * each value after its column's name, instead of columns that run out of the window. The roles are the elements'
 * own: a browser that drops a table's roles once its cells are blocks keeps these, so a screen reader still reads
 * each cell with its column's heading, and the names drawn on the card stay silent.
 */
function CardTable({
  columns,
  caption,
  labelledBy,
  children,
}: {
  columns: Column[];
  caption?: Child;
  labelledBy?: string;
  children: Child;
}) {
  return (
    <div class="scroll">
      <table class="cards" role="table" aria-labelledby={labelledBy}>
        {caption && <caption>{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.name} scope="col" role="columnheader" class={column.num ? 'num' : undefined}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of a `CardTable`: its heading (the card's title on a phone), then its cells. */
function CardRow({ heading, children }: { heading: Child; children: Child }) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader">
        {heading}
      </th>
      {children}
    </tr>
  );
}

/**
 * A cell of a `CardTable`, with its column's name for the card. `labelAbove` puts that name on a line of its own,
 * for a value of several lines; `nowrap` keeps a time or a date on one line.
 */
function Cell({
  column,
  labelAbove,
  nowrap,
  children,
}: {
  column: Column;
  labelAbove?: boolean;
  nowrap?: boolean;
  children: Child;
}) {
  const classes = [column.num && 'num', labelAbove && 'label-above', nowrap && 'nowrap']
    .filter(Boolean)
    .join(' ');
  return (
    <td role="cell" data-label={column.name} class={classes || undefined}>
      {children}
    </td>
  );
}

export function ListPage({
  ctx,
  filter,
  page,
  result,
  counts,
  period,
}: {
  ctx: PageContext;
  filter: OrderFilter;
  page: number;
  result: OrderPage;
  /**
   * The orders the filter matches (spam only when it asks for it), and those of them held as spam, which the list
   * hides unless the filter asks for them.
   */
  counts: { matching: number; spam: number };
  /** A period the accountant's file refused: what was typed, kept, and the error at its fields. */
  period?: { from: string; to: string };
}) {
  const w = words(ctx.locale);
  const l = w.list;
  const names = getCategoryNames(ctx.locale);
  const listColumns = {
    number: { name: l.number },
    date: { name: l.date },
    company: { name: l.company },
    industries: { name: l.industries },
    net: { name: l.net, num: true },
    status: { name: l.status },
    mails: { name: l.mails },
  };
  const number = new Intl.NumberFormat(intlLocales[ctx.locale]);
  const pages = Math.max(1, Math.ceil(counts.matching / PAGE_SIZE));
  const pageOf = fill(l.page, { page: number.format(page), pages: number.format(pages) });
  const matching = fill(plural(l.count, counts.matching, ctx.locale), {
    count: number.format(counts.matching),
  });
  const periodError = period ? w.errors.period : undefined;
  // A filter from a day after its end matches nothing: said, rather than an empty list that looks like no orders.
  const filterPeriodError =
    !periodError && filter.from && filter.to && filter.from > filter.to ? l.periodOrder : undefined;
  const filterFields = filterPeriodError
    ? { 'aria-invalid': 'true' as const, 'aria-describedby': 'filter-error' }
    : {};
  const periodFields = period
    ? { 'aria-invalid': 'true' as const, 'aria-describedby': 'accounts-hint accounts-error' }
    : { 'aria-describedby': 'accounts-hint' };
  return (
    <Layout ctx={ctx} title={l.heading} notice={noticeTitle(w, undefined, periodError ?? filterPeriodError)}>
      <h1>{l.heading}</h1>
      <Notice
        error={
          periodError
            ? { heading: w.errors.heading, text: periodError, field: 'accounts-from' }
            : filterPeriodError
              ? { heading: w.errors.heading, text: filterPeriodError, field: 'from' }
              : undefined
        }
      />
      <form method="get" action={ctx.base} class="filter" aria-label={l.filter}>
        <div>
          <label for="status">{l.status}</label>
          <select id="status" name="status">
            <option value="">{l.all}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status} selected={filter.status === status}>
                {w.statuses[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="from">{l.from}</label>
          <input id="from" name="from" type="date" value={filter.from ?? ''} {...filterFields} />
        </div>
        <div>
          <label for="to">{l.to}</label>
          <input id="to" name="to" type="date" value={filter.to ?? ''} {...filterFields} />
        </div>
        <div>
          <label for="industry">{l.industry}</label>
          <select id="industry" name="industry">
            <option value="">{l.all}</option>
            {getCategories().map((category) => (
              <option key={category.id} value={category.id} selected={filter.industry === category.id}>
                {names[category.id] ?? category.id}
              </option>
            ))}
          </select>
        </div>
        {/* Spam hidden, shown with the rest, or alone: to look through what the honeypot caught before it goes. */}
        <div>
          <label for="spam">{l.spam.label}</label>
          <select id="spam" name="spam">
            <option value="">{l.spam.hide}</option>
            <option value="1" selected={filter.spam === true}>
              {l.spam.include}
            </option>
            <option value="only" selected={filter.spam === 'only'}>
              {l.spam.only}
            </option>
          </select>
        </div>
        <div class="grow">
          <label for="q">{l.search}</label>
          <input id="q" name="q" type="search" value={filter.q ?? ''} aria-describedby="q-hint" />
          <small id="q-hint">{l.searchHint}</small>
        </div>

        <div class="check">
          <input id="mail-failed" name="mail" type="checkbox" value="failed" checked={filter.mailFailed} />
          <label for="mail-failed">{l.mailFailed}</label>
        </div>
        {filterPeriodError && (
          <p id="filter-error" class="field-error">
            {filterPeriodError}
          </p>
        )}
        <div class="buttons">
          <button type="submit">{l.apply}</button>
          <a href={ctx.base}>{l.reset}</a>
        </div>
      </form>
      {!filter.spam && counts.spam > 0 && (
        <p>
          {fill(plural(l.spamHidden, counts.spam, ctx.locale), { count: number.format(counts.spam) })}{' '}
          <a href={`${ctx.base}${filterQuery({ ...filter, spam: true })}`}>{l.spamHidden.link}</a>
        </p>
      )}

      {result.orders.length === 0 ? (
        <p role="status">{l.none}</p>
      ) : (
        <CardTable
          // The table's name, which a screen reader says as it reaches the list: how many, and which page.
          caption={
            <>
              {counts.matching === 1 ? matching : fill(l.caption, { orders: matching })}
              {pages > 1 && ` · ${pageOf}`}
            </>
          }
          columns={Object.values(listColumns)}
        >
          {result.orders.map((order) => (
            <CardRow
              key={order.number}
              heading={
                <>
                  <a class="nowrap" href={`${ctx.base}/orders/${order.number}`}>
                    {order.number}
                  </a>
                  {/* A space between them, or a screen reader and a copy read "LW-…-000057Spam". */}
                  {order.spam && (
                    <>
                      {' '}
                      <span class="tag">{l.spamTag}</span>
                    </>
                  )}
                </>
              }
            >
              <Cell column={listColumns.date} nowrap>
                {berlinTime(order.createdAt.toISOString(), ctx.locale, false)}
              </Cell>
              <Cell column={listColumns.company}>{order.erased ? '—' : order.buyer.company}</Cell>
              <Cell column={listColumns.industries}>
                {categoriesOf(order.lines)
                  .map((id) => names[id] ?? id)
                  .join(', ')}
              </Cell>
              <Cell column={listColumns.net}>{formatMoney(order.net, ctx.locale)}</Cell>
              <Cell column={listColumns.status}>{w.statuses[order.status]}</Cell>
              <Cell column={listColumns.mails} labelAbove>
                {l.seller}: {mailLabel(order.mail, w, order.spam ? w.mail.spam : w.mail.none, ctx.locale)}
                <br />
                {l.buyer}: {confirmationLabel(order, w, ctx.locale)}
              </Cell>
            </CardRow>
          ))}
        </CardTable>
      )}
      {/* Only with somewhere to go: an empty navigation landmark is one more stop that leads nowhere. */}
      {(page > 1 || result.more) && (
        <nav class="pages" aria-label={l.pages}>
          {page > 1 && <a href={`${ctx.base}${filterQuery(filter, page - 1)}`}>{l.previous}</a>}
          <span aria-current="page">{pageOf}</span>
          {result.more && <a href={`${ctx.base}${filterQuery(filter, page + 1)}`}>{l.next}</a>}
        </nav>
      )}
      <p>
        <a class="button secondary" href={`${ctx.base}/orders.csv${filterQuery(filter)}`}>
          {l.exportCsv}
        </a>
      </p>

      <section aria-labelledby="accounts">
        <h2 id="accounts">{l.accounts}</h2>
        <p id="accounts-hint">{l.accountsHint}</p>
        {periodError && (
          <p id="accounts-error" class="field-error">
            {periodError}
          </p>
        )}
        <form method="get" action={`${ctx.base}/accounts.csv`} class="filter">
          <div>
            <label for="accounts-from">{l.from}</label>
            <input
              id="accounts-from"
              name="from"
              type="date"
              required
              value={period?.from}
              {...periodFields}
            />
          </div>
          <div>
            <label for="accounts-to">{l.to}</label>
            <input id="accounts-to" name="to" type="date" required value={period?.to} {...periodFields} />
          </div>
          <div class="buttons">
            <button type="submit" class="secondary">
              {l.accountsButton}
            </button>
          </div>
        </form>
      </section>
    </Layout>
  );
}

/** The columns of an order's table of mails. */
function mailColumns(o: DeskWords['order']) {
  return {
    mail: { name: o.mail },
    state: { name: o.state },
    at: { name: o.at },
    tries: { name: o.tries, num: true },
    answer: { name: o.answer },
  };
}

function MailRow({
  label,
  state,
  text,
  w,
  ctx,
}: {
  label: string;
  state: MailState | null;
  text: string;
  w: DeskWords;
  ctx: PageContext;
}) {
  const columns = mailColumns(w.order);
  return (
    <CardRow heading={label}>
      <Cell column={columns.state}>{mailLabel(state, w, text)}</Cell>
      {/* A time is read as one: never broken over four lines in a narrow column. */}
      <Cell column={columns.at} nowrap>
        {state ? berlinTime(state.at, ctx.locale) : '—'}
      </Cell>
      <Cell column={columns.tries}>{state ? state.attempts : '—'}</Cell>
      <Cell column={columns.answer}>{serverAnswer(state, w)}</Cell>
    </CardRow>
  );
}

/** An event's detail in the desk's words, but for a status (`eventTexts`): a given-up mail by which one it was. */
function eventDetail(event: OrderEvent, w: DeskWords): string {
  if (event.kind === 'giveUp') return event.detail === 'buyer' ? w.order.buyerMail : w.order.sellerMail;
  // Sent again from the order's page names the mail; from the command line (or before it was named), every unsent one.
  if (event.kind === 'retry')
    return event.detail === 'buyer'
      ? w.order.buyerMail
      : event.detail === 'seller'
        ? w.order.sellerMail
        : w.order.mails;
  return event.detail;
}

/** Each event in words; a status change that went back says so ("zurück auf „neu“"), as the choice did. */
function eventTexts(events: readonly OrderEvent[], w: DeskWords): string[] {
  const statuses = events.map((event) =>
    event.kind === 'status' && isOrderStatus(event.detail) ? event.detail : undefined,
  );
  return events.map((event, index) => {
    const to = statuses[index];
    if (to === undefined) return eventDetail(event, w);
    const before: OrderStatus = statuses.slice(0, index).findLast((status) => status !== undefined) ?? 'new';
    return isStepBack(before, to) ? fill(w.order.stepBack, { status: w.statuses[to] }) : w.statuses[to];
  });
}

export function OrderPageView({
  ctx,
  order,
  events,
  message,
  error,
  noteError = false,
}: {
  ctx: PageContext;
  order: StoredOrder;
  events: OrderEvent[];
  message?: string;
  error?: string;
  /** The note sent was empty or too long: the error is the note field's own. */
  noteError?: boolean;
}) {
  const w = words(ctx.locale);
  const o = w.order;
  const lineColumns = {
    item: { name: o.item },
    area: { name: o.area },
    quantity: { name: o.quantity, num: true },
    price: { name: o.unitPrice, num: true },
    total: { name: o.lineTotal, num: true },
  };
  const words0 = orderWords(ctx.locale);
  const next = NEXT_STATUSES[order.status];
  const seen = statusChanges(events);
  const details = eventTexts(events, w);
  const action = (name: string) => `${ctx.base}/orders/${order.number}/${name}`;
  const vatCase = isVatCase(order.vatCase) ? w.vatCases[order.vatCase] : order.vatCase;
  const vatRate = isVatCase(order.vatCase)
    ? vatTotals(order.net, order.vatCase, orderVatRate(order)).rate
    : '';
  const mails = [
    ['seller', order.mail, o.resendSeller, o.giveUpSeller],
    ['buyer', order.confirmation, o.resendBuyer, o.giveUpBuyer],
  ] as const;
  // A failed mail is sent again or given up; a given-up one can still be sent, unless the order was erased (no body
  // is left) or is held as spam ("not spam" sends its mails).
  const resendable =
    order.erased || order.spam
      ? []
      : mails.filter(([, state]) => state && state.state !== 'sent' && state.state !== 'pending');
  const failed = mails.filter(([, state]) => state?.state === 'failed');
  const sends = order.spam ? notSpamSends(order) : [];
  const count = new Intl.NumberFormat(intlLocales[ctx.locale]);
  return (
    <Layout
      ctx={ctx}
      title={fill(o.heading, { number: order.number })}
      notice={noticeTitle(w, message, error)}
    >
      <p>
        <a href={ctx.list}>{o.back}</a>
      </p>
      <h1>{withNumber(o.heading, order.number)}</h1>
      <Notice
        message={message}
        error={
          error
            ? { heading: w.errors.heading, text: error, ...(noteError ? { field: 'note' } : {}) }
            : undefined
        }
      />
      <dl class="facts">
        <dt>{w.list.status}</dt>
        <dd>{w.statuses[order.status]}</dd>
        <dt>{o.created}</dt>
        <dd>{berlinTime(order.createdAt.toISOString(), ctx.locale)}</dd>
        <dt>{o.quote}</dt>
        <dd class="nowrap">{order.quote}</dd>
        <dt>{o.poNumber}</dt>
        <dd>{order.buyer.poNumber || '—'}</dd>
        <dt>{o.language}</dt>
        <dd>{new Intl.DisplayNames(ctx.locale, { type: 'language' }).of(order.locale)}</dd>
        {order.spam && (
          <>
            <dt>{o.spam}</dt>
            <dd>{o.spamBecause[order.spam]}</dd>
          </>
        )}
      </dl>

      <section aria-labelledby="buyer">
        <h2 id="buyer">{o.buyer}</h2>
        {order.erased ? (
          <p>{o.erased}</p>
        ) : (
          <address>
            {/* The PO number stands with the order's facts above. */}
            {buyerLines({ ...order.buyer, poNumber: '' }, words0).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        )}
      </section>

      <section aria-labelledby="lines">
        <h2 id="lines">{o.lines}</h2>
        <CardTable labelledBy="lines" columns={Object.values(lineColumns)}>
          {order.lines.map((line) => (
            <CardRow
              key={line.key}
              heading={`${getCategoryNames(ctx.locale)[splitGroupKey(line.key).category] ?? line.name} (${line.exclusive ? o.exclusive : o.shared})`}
            >
              {/* In the desk's language, as the industry beside it: the stored text is in the order's. */}
              <Cell column={lineColumns.area}>{areaIn(line, words0)}</Cell>
              <Cell column={lineColumns.quantity}>{count.format(line.quantity)}</Cell>
              <Cell column={lineColumns.price}>{formatMoney(line.price, ctx.locale)}</Cell>
              <Cell column={lineColumns.total}>{formatMoney(line.total, ctx.locale)}</Cell>
            </CardRow>
          ))}
        </CardTable>
      </section>

      <section aria-labelledby="totals">
        <h2 id="totals">{o.totals}</h2>
        <dl class="facts">
          <dt>{words0.strings.totals.net}</dt>
          <dd>{formatMoney(order.net, ctx.locale)}</dd>
          <dt>{o.vatCase}</dt>
          <dd>{vatCase}</dd>
          <dt>{fill(words0.strings.totals.vat, { rate: vatRate })}</dt>
          <dd>{formatMoney(order.vat, ctx.locale)}</dd>
          <dt>{words0.strings.totals.gross}</dt>
          <dd>{formatMoney(order.gross, ctx.locale)}</dd>
        </dl>
      </section>

      <section aria-labelledby="mails">
        <h2 id="mails">{o.mails}</h2>
        <CardTable labelledBy="mails" columns={Object.values(mailColumns(o))}>
          <MailRow
            label={o.sellerMail}
            state={order.mail}
            text={order.spam ? w.mail.spam : w.mail.none}
            w={w}
            ctx={ctx}
          />
          <MailRow
            label={o.buyerMail}
            state={order.confirmation}
            text={noConfirmation(order, w)}
            w={w}
            ctx={ctx}
          />
        </CardTable>
      </section>

      <section aria-labelledby="history">
        <h2 id="history">{o.history}</h2>
        {events.length === 0 ? (
          <p>{o.noHistory}</p>
        ) : (
          <ol class="history">
            {events.map((event, index) => (
              <li key={String(index)}>
                <time datetime={event.at}>{berlinTime(event.at, ctx.locale)}</time> · {event.who}:{' '}
                {/* Erasing the buyer's details empties the notes' text (they may name the buyer); the note stays. */}
                {event.kind === 'note' && event.detail === ''
                  ? o.noteErased
                  : fill(w.events[event.kind], { detail: details[index]! })}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="actions">
        <h2 id="actions">{o.actions}</h2>
        <div class="actions">
          {order.spam ? (
            // The hint names the "not spam" button, which an erased order does not offer: it says why nothing is left.
            <p>{order.erased ? o.spamErased : o.spamNoStatus}</p>
          ) : next.length > 0 ? (
            <form method="post" action={action('status')} class="stack">
              <Csrf token={ctx.csrf} />
              <input type="hidden" name="from" value={order.status} />
              <input type="hidden" name="seen" value={String(seen)} />
              <label for="new-status">{o.newStatus}</label>
              <select id="new-status" name="status" aria-describedby="status-hint">
                {next.map((status) => (
                  <option key={status} value={status}>
                    {isStepBack(order.status, status)
                      ? fill(o.stepBack, { status: w.statuses[status] })
                      : w.statuses[status]}
                  </option>
                ))}
              </select>
              <p id="status-hint">{o.statusHint}</p>
              <button type="submit">{o.save}</button>
            </form>
          ) : (
            <p>{o.final}</p>
          )}

          {/* A note may name the buyer: an erased order takes none. */}
          {order.erased ? (
            <p>{o.noNotesAfterErasure}</p>
          ) : (
            <form method="post" action={action('note')} class="stack">
              <Csrf token={ctx.csrf} />
              <label for="note">{o.note}</label>
              {noteError && (
                <p id="note-error" class="field-error">
                  {w.errors.note}
                </p>
              )}
              <textarea
                id="note"
                name="note"
                rows={3}
                maxlength={MAX_NOTE}
                required
                aria-invalid={noteError ? 'true' : undefined}
                aria-describedby={noteError ? 'note-hint note-error' : 'note-hint'}
              ></textarea>
              <p id="note-hint">{o.noteHint}</p>
              <button type="submit">{o.addNote}</button>
            </form>
          )}

          {resendable.length > 0 && (
            <form method="post" action={action('retry')} class="stack" aria-labelledby="resend">
              {/* A heading, not a line of text, that names the form: a screen reader lists it and jumps to it. */}
              <h3 id="resend">{o.resend}</h3>
              <Csrf token={ctx.csrf} />
              {resendable.map(([kind, , label]) => (
                <button key={kind} type="submit" name="kind" value={kind}>
                  {label}
                </button>
              ))}
            </form>
          )}

          {failed.length > 0 && (
            <form method="post" action={action('give-up')} class="stack" aria-labelledby="give-up">
              <h3 id="give-up">{o.giveUp}</h3>
              <Csrf token={ctx.csrf} />
              <p id="give-up-hint">{o.giveUpHint}</p>
              {failed.map(([kind, , , label]) => (
                <button
                  key={kind}
                  type="submit"
                  name="kind"
                  value={kind}
                  class="secondary"
                  aria-describedby="give-up-hint"
                >
                  {label}
                </button>
              ))}
            </form>
          )}

          {!order.erased &&
            (order.spam ? (
              <form method="post" action={action('not-spam')} class="stack">
                <Csrf token={ctx.csrf} />
                <p id="not-spam-hint">
                  {sends.length > 0
                    ? fill(plural(o.notSpamHint, sends.length, ctx.locale), {
                        mails: new Intl.ListFormat(intlLocales[ctx.locale], { type: 'conjunction' }).format(
                          sends.map((kind) => o.notSpamMails[kind]),
                        ),
                      })
                    : o.notSpamNothing}
                </p>
                <button type="submit" aria-describedby="not-spam-hint">
                  {o.notSpam}
                </button>
              </form>
            ) : (
              // Only an order nobody has worked on: anything else is a commercial record, kept for years. The step
              // after the button asks first, as a slip would hide the order and delete it in 30 days.
              mayMarkSpam(order, events) && (
                <form method="post" action={action('spam')} class="stack">
                  <Csrf token={ctx.csrf} />
                  <p id="spam-hint">{o.markSpamHint}</p>
                  <button type="submit" class="secondary" aria-describedby="spam-hint">
                    {o.markSpamButton}
                  </button>
                </form>
              )
            ))}

          {!order.erased && (
            <p>
              <a class="button danger" href={action('erase')}>
                {o.eraseButton}
              </a>
            </p>
          )}
        </div>
      </section>
    </Layout>
  );
}

/**
 * A step before what cannot be undone: what will happen, a button that does it (the form posts again, with what
 * `fields` add), and a way back to the order unchanged.
 */
function ConfirmStep({
  ctx,
  order,
  heading,
  first,
  text,
  action,
  fields = {},
  confirm,
  cancel,
  danger = true,
}: {
  ctx: PageContext;
  order: StoredOrder;
  /** With `{number}`, the order's number. */
  heading: string;
  /** What to weigh before, above the rest. */
  first?: string;
  text: string;
  action: string;
  fields?: Record<string, string>;
  confirm: string;
  cancel: string;
  /** The confirm button in red: for what cannot be undone and loses something (an erasure, a cancellation). */
  danger?: boolean;
}) {
  return (
    <Layout ctx={ctx} title={fill(heading, { number: order.number })}>
      <div class="narrow">
        <h1>{withNumber(heading, order.number)}</h1>
        {first && <p class="notice error">{first}</p>}
        <p>{text}</p>
        <form method="post" action={`${ctx.base}/orders/${order.number}/${action}`} class="buttons">
          <Csrf token={ctx.csrf} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" class={danger ? 'danger' : undefined}>
            {confirm}
          </button>
          <a href={`${ctx.base}/orders/${order.number}`}>{cancel}</a>
        </form>
      </div>
    </Layout>
  );
}

export function SpamConfirmPage({ ctx, order }: { ctx: PageContext; order: StoredOrder }) {
  const o = words(ctx.locale).order;
  return (
    <ConfirmStep
      ctx={ctx}
      order={order}
      heading={o.spamHeading}
      text={o.spamText}
      action="spam"
      fields={{ confirm: 'spam' }}
      confirm={o.markSpam}
      cancel={o.cancel}
      danger={false}
    />
  );
}

export function EraseConfirmPage({ ctx, order }: { ctx: PageContext; order: StoredOrder }) {
  const w = words(ctx.locale);
  const o = w.order;
  return (
    <ConfirmStep
      ctx={ctx}
      order={order}
      heading={o.eraseHeading}
      // An order still open stays open once erased, and counts as revenue (spam does not): was it to be cancelled?
      first={
        order.spam || isFinalStatus(order.status)
          ? undefined
          : fill(o.eraseOpen, { status: w.statuses[order.status] })
      }
      text={o.eraseText}
      action="erase"
      confirm={o.eraseConfirm}
      cancel={o.cancel}
    />
  );
}

/** The step before a status nothing follows: the same form again, with the confirmation. */
export function FinalStatusConfirmPage({
  ctx,
  order,
  status,
  seen,
}: {
  ctx: PageContext;
  order: StoredOrder;
  status: FinalStatus;
  /** How many status changes the order's page showed (`StatusChange`). */
  seen: number;
}) {
  const o = words(ctx.locale).order;
  const step = o.finalStatus[status];
  return (
    <ConfirmStep
      ctx={ctx}
      order={order}
      heading={step.heading}
      text={step.text}
      action="status"
      fields={{ from: order.status, seen: String(seen), status, confirm: status }}
      confirm={step.confirm}
      cancel={o.keepStatus}
      danger={status === 'cancelled'}
    />
  );
}

/** An error in words; with `order`, the page it came from leads back to that order too. */
export function ErrorPage({ ctx, text, order }: { ctx: PageContext; text: string; order?: string }) {
  const w = words(ctx.locale);
  return (
    <Layout ctx={ctx} title={w.errors.heading} notice={noticeTitle(w, undefined, text)}>
      <h1>{w.errors.heading}</h1>
      <p tabindex={-1} autofocus>
        {text}
      </p>
      {order && (
        <p>
          <a href={`${ctx.base}/orders/${encodeURIComponent(order)}`}>
            {fill(w.order.backToOrder, { number: order })}
          </a>
        </p>
      )}
      <p>
        <a href={ctx.list}>{w.order.back}</a>
      </p>
    </Layout>
  );
}
