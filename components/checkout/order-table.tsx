import type { OrderSummary, OrderWords } from '@/lib/checkout/order';
import { formatMoney } from '@/lib/money';

interface OrderTableProps {
  summary: OrderSummary;
  words: OrderWords;
  /** `page`: the checkout's list on screen; `document`: the quote or confirmation, dense enough for ten rows on A4. */
  variant: 'page' | 'document';
  className?: string;
}

const styles = {
  page: {
    head: 'border-b border-slate-300 text-slate-700',
    heading: 'py-2 font-medium',
    body: 'divide-y divide-slate-100',
    cell: 'py-3',
    name: 'font-medium text-slate-900',
    area: 'block font-normal text-slate-600',
    foot: 'border-t border-slate-300',
    total: 'pt-2 font-semibold',
    grossAmount: 'pt-2 font-bold',
  },
  document: {
    head: 'border-b border-slate-400',
    heading: 'py-1.5 font-semibold print:py-0.5',
    body: 'divide-y divide-slate-200',
    cell: 'py-1.5 print:py-0.5',
    name: 'font-normal',
    area: 'font-normal',
    foot: 'border-t border-slate-400',
    total: 'pt-1 font-bold',
    grossAmount: 'pt-1 font-bold',
  },
} as const;

/** The order's rows with quantity, net unit price and line total, then net, VAT by the buyer's country and gross. */
export function OrderTable({ summary, words, variant, className = '' }: OrderTableProps) {
  const { strings, locale } = words;
  const style = styles[variant];
  const money = (cents: number) => formatMoney(cents, locale);
  // Amounts never break; on a phone the table's text is smaller and its gaps narrower, so that it fits from 360 px.
  const amount = 'text-right whitespace-nowrap tabular-nums';
  const { totals } = summary;
  return (
    <table className={`w-full text-left max-sm:text-xs ${variant === 'page' ? 'text-sm' : ''} ${className}`}>
      <thead className={style.head}>
        <tr>
          <th scope="col" className={`${style.heading} pr-1.5 sm:pr-3`}>
            {strings.columns.item}
          </th>
          <th scope="col" className={`${style.heading} px-1.5 text-right sm:px-3`}>
            {strings.columns.quantity}
          </th>
          <th scope="col" className={`${style.heading} px-1.5 text-right sm:px-3`}>
            {strings.columns.unitPrice}
          </th>
          <th scope="col" className={`${style.heading} pl-1.5 text-right sm:pl-3`}>
            {strings.columns.lineTotal}
          </th>
        </tr>
      </thead>
      <tbody className={style.body}>
        {summary.rows.map((row) => (
          <tr key={row.key} className="break-inside-avoid">
            {/* A long name ("Unternehmensberatung") breaks on a phone rather than push the amounts out of view. */}
            <th scope="row" className={`${style.cell} ${style.name} pr-1.5 max-sm:wrap-anywhere sm:pr-3`}>
              {row.name}
              {variant === 'page' ? ' ' : ' · '}
              <span className={style.area}>{row.area}</span>
            </th>
            <td className={`${style.cell} px-1.5 sm:px-3 ${amount}`}>{row.quantity}</td>
            <td className={`${style.cell} px-1.5 sm:px-3 ${amount}`}>{money(row.price)}</td>
            <td className={`${style.cell} pl-1.5 sm:pl-3 ${amount}`}>{money(row.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className={style.foot}>
        <tr>
          <th scope="row" colSpan={3} className="pt-3 pr-1.5 text-right font-medium sm:pr-3">
            {strings.totals.net}
          </th>
          <td className={`pt-3 pl-1.5 sm:pl-3 ${amount}`}>{money(totals.net)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="pt-1 pr-1.5 text-right font-medium sm:pr-3">
            {summary.vatLabel}
          </th>
          <td className={`pt-1 pl-1.5 sm:pl-3 ${amount}`}>{money(totals.vat)}</td>
        </tr>
        <tr className={variant === 'page' ? 'sm:text-base' : ''}>
          <th scope="row" colSpan={3} className={`${style.total} pr-1.5 text-right sm:pr-3`}>
            {strings.totals.gross}
          </th>
          <td
            className={`${style.grossAmount} pl-1.5 sm:pl-3 ${amount}`}
            data-testid={variant === 'page' ? 'checkout-gross' : undefined}
          >
            {money(totals.gross)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
