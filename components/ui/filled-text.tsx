import { Fragment, type ReactNode } from 'react';

interface FilledTextProps {
  /** A copy template such as "Bestellen Sie per E-Mail an {email}." */
  template: string;
  /** Elements (a link, say) or text for its `{placeholders}`. */
  values: Record<string, ReactNode>;
}

/**
 * A copy template with elements in its placeholders, for sentences that
 * contain a link. A placeholder without a value stays visible as it is,
 * like `fill()` does for plain text.
 */
export function FilledText({ template, values }: FilledTextProps) {
  const parts = template.split(/(\{\w+\})/);
  return parts.map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = key !== undefined && Object.hasOwn(values, key) ? values[key] : part;
    return <Fragment key={index}>{value}</Fragment>;
  });
}
