'use client';

import { buyerLines, type OrderSummary, type OrderWords } from '@/lib/checkout/order';
import type { SiteSettings } from '@/lib/content-schema';
import { OrderTable } from './order-table';
import { fill } from '@/lib/format';
import { HOME_COUNTRY } from '@/lib/checkout/vat';
import { Icon } from '@/components/ui/icon';

/** What sets one document apart from the other: the quote to approve, or the confirmation of an order. */
export interface OrderDocument {
  heading: string;
  /** Label and value, under the heading: the numbers and dates. */
  facts: [string, string][];
  /** The last line of the terms. */
  closing: string;
  print: string;
}

interface QuoteViewProps {
  ref?: React.Ref<HTMLElement>;
  summary: OrderSummary;
  doc: OrderDocument;
  words: OrderWords;
  seller: SiteSettings['seller'];
  /** The sales address, where the order goes. */
  email: string;
  termsUrl: string;
  /** Closes the document; without it, there is no close button. */
  onClose?: () => void;
}

/**
 * The quote (Angebot), or the confirmation of an order, as a document for the buyer's purchasing
 * department: on screen in the checkout, and printed (or saved as PDF from the print dialog) alone on A4,
 * without the site around it.
 */
export function QuoteView({ ref, summary, doc, words, seller, email, termsUrl, onClose }: QuoteViewProps) {
  const q = words.strings.quote;
  const { buyer } = summary;
  const [company, ...address] = buyerLines({ ...buyer, vatId: '', poNumber: '' }, words);
  const { facts } = doc;

  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby="quote-heading"
      className="order-document mt-12 rounded-xl border border-slate-300 bg-white px-3 py-4 text-sm break-words text-slate-900 shadow-sm focus:outline-none sm:p-8 print:mt-0 print:rounded-none print:border-0 print:p-0 print:text-[9pt] print:leading-snug print:shadow-none"
    >
      <header className="flex flex-wrap justify-between gap-6 print:flex-nowrap">
        <div>
          <p className="text-base font-semibold">{seller.legalName}</p>
          <p>{seller.street}</p>
          <p>
            {seller.postcode} {seller.city}
          </p>
          {/* The seller is where German VAT is charged from: the home country, named in the quote's language. */}
          <p>{words.countryNames[HOME_COUNTRY]}</p>
          {/* A quote approved on paper says where its order goes. */}
          <p className="mt-1">{fill(q.email, { email })}</p>
        </div>
        <div className="text-right">
          <h2 id="quote-heading" className="text-2xl font-bold print:text-xl">
            {doc.heading}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <section aria-labelledby="quote-buyer" className="mt-6 print:mt-3">
        <h3 id="quote-buyer" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {q.buyer}
        </h3>
        <p className="mt-1 font-semibold">{company}</p>
        {address.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {buyer.vatId && <p className="mt-1">{fill(q.buyerVatId, { vatId: buyer.vatId })}</p>}
        {buyer.poNumber && <p>{fill(q.poNumber, { poNumber: buyer.poNumber })}</p>}
      </section>

      {/* Narrower than the table (a small phone, or the page zoomed to 400 %), the table scrolls, not the page. */}
      <div className="mt-6 overflow-x-auto print:mt-4 print:overflow-visible">
        <OrderTable summary={summary} words={words} variant="document" />
      </div>
      {summary.vatNote && <p className="mt-3 font-medium">{summary.vatNote}</p>}

      <section aria-labelledby="quote-terms" className="mt-6 space-y-1 print:mt-4 print:break-inside-avoid">
        <h3 id="quote-terms" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {q.terms}
        </h3>
        <p>{q.payment}</p>
        <p>{q.delivery}</p>
        <p>{q.replacement}</p>
        {/* The promise that the fivefold price of an exclusive lead pays for. */}
        {summary.rows.some((row) => row.exclusive) && <p>{words.strings.exclusiveNote}</p>}
        {summary.rows.some((row) => !row.exclusive) && <p>{words.strings.sharedNote}</p>}
        <p>
          {q.termsLink}{' '}
          <a href={termsUrl} className="text-brand-800 underline print:text-slate-900 print:no-underline">
            {termsUrl}
          </a>
        </p>
        <p className="pt-2 font-medium">{doc.closing}</p>
      </section>

      {/* The seller's register details go onto the same sheet as the terms, never alone onto a last page. */}
      <footer className="mt-8 border-t border-slate-300 pt-3 text-xs text-slate-700 print:mt-5 print:break-before-avoid print:text-[7.5pt]">
        <p>
          {seller.legalName} · {fill(q.seat, { seat: seller.seat })}
        </p>
        <p>
          {fill(q.register, { court: seller.registerCourt, number: seller.registerNumber })} ·{' '}
          {fill(q.vatId, { vatId: seller.vatId })}
        </p>
        <p>{fill(q.directors, { names: seller.managingDirectors.join(', ') })}</p>
        <p>{q.noSignature}</p>
      </footer>

      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <button
          type="button"
          onClick={() => window.print()}
          className="bg-brand-700 hover:bg-brand-800 inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold text-white"
        >
          <Icon name="printer" className="size-5" />
          {doc.print}
        </button>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg px-4 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {q.close}
          </button>
        )}
      </div>
    </article>
  );
}
