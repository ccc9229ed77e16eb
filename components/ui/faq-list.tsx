import { FilledText } from './filled-text';

interface FaqListProps {
  items: { question: string; answer: string }[];
  /** The sales address, linked where an answer says `{email}` (where to report a bad lead). */
  email: string;
  /** Answers folded away until a question is opened (the long home FAQ), or all shown (short ones). */
  collapsible?: boolean;
}

/**
 * Questions and answers as plain HTML, readable by every crawler and agent.
 * Not marked up as FAQPage: Google shows FAQ rich results only for
 * well-known government and health sites since 2023, so the markup would
 * add bytes and no result.
 */
export function FaqList({ items, email, collapsible = false }: FaqListProps) {
  const answer = (text: string) => (
    <FilledText
      template={text}
      values={{
        email: (
          <a href={`mailto:${email}`} className="underline">
            {email}
          </a>
        ),
      }}
    />
  );
  return (
    <div className="faq divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {items.map((item) =>
        collapsible ? (
          <details key={item.question} className="group px-6 py-2">
            <summary className="faq-summary">
              <h3>{item.question}</h3>
              <span aria-hidden="true" className="text-brand-700 text-xl transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="pb-4 text-slate-700">{answer(item.answer)}</p>
          </details>
        ) : (
          <div key={item.question} className="px-6 py-4">
            <h3 className="font-semibold text-slate-900">{item.question}</h3>
            <p className="mt-1 text-slate-700">{answer(item.answer)}</p>
          </div>
        ),
      )}
    </div>
  );
}
