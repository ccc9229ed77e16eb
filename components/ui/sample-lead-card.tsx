import { Icon } from '@/components/ui/icon';

interface SampleLeadCardProps {
  title: string;
  fields: { label: string; value: string }[];
}

/** A made-up lead as a buyer receives it: each field with a sample value. */
export function SampleLeadCard({ title, fields }: SampleLeadCardProps) {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
      <figcaption className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon name="document-check" className="text-brand-700 size-6" />
        {title}
      </figcaption>
      <dl className="mt-4 divide-y divide-slate-100">
        {fields.map((field) => (
          <div key={field.label} className="lead-row">
            <dt className="text-slate-600">{field.label}</dt>
            <dd className="lead-value">{field.value}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
