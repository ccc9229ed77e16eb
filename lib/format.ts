/**
 * Fills `{placeholder}`s in a dictionary template. A placeholder without a
 * value is left as it is, so a gap in the copy is visible rather than silent.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}
