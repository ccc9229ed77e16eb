import type { Graph } from 'schema-dts';

interface JsonLdProps {
  data: Graph;
}

/** A JSON-LD block. `<` is escaped so no string in the data can close the script element. */
export function JsonLd({ data }: JsonLdProps) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
