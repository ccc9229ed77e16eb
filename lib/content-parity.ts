/**
 * The languages must say the same things: every translation of a file has the
 * same keys, the same number of list items and, in each text, the same
 * `{placeholders}` as the default language's. A word in braces that one
 * language lacks would leave a value out of its sentence.
 */

/** `{count}`, `{price}` …: the words in braces the site fills in. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

type Leaf = { kind: 'text'; placeholders: string[] } | { kind: 'other'; type: string };

/**
 * Every leaf of a JSON value by its path: `cart.increase`, `home.stats[0].value`. A list of plain texts
 * (such as `keywords`) is one leaf, `keywords[]`, because each language may need a different number of them.
 * The `$schema` key is left out.
 */
function leaves(value: unknown, at = '', into = new Map<string, Leaf>()): Map<string, Leaf> {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    into.set(`${at}[]`, { kind: 'text', placeholders: placeholders(value.join(' ')) });
  } else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${at}[${index}]`, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key !== '$schema') leaves(item, at ? `${at}.${key}` : key, into);
    }
  } else if (typeof value === 'string') into.set(at, { kind: 'text', placeholders: placeholders(value) });
  else into.set(at, { kind: 'other', type: typeof value });
  return into;
}

/**
 * The differences between a file and its translation, as sentences an editor
 * can act on. `reference` is the default language's file; `other` a translation.
 */
export function parityProblems(
  reference: unknown,
  other: unknown,
  otherFile: string,
  referenceFile: string,
): string[] {
  const expected = leaves(reference);
  const actual = leaves(other);
  const problems: string[] = [];
  for (const [at, leaf] of expected) {
    const found = actual.get(at);
    if (!found) {
      problems.push(`${otherFile}: "${at}" is missing; ${referenceFile} has it`);
      continue;
    }
    if (leaf.kind !== found.kind) {
      problems.push(`${otherFile}: "${at}" is not of the same kind as in ${referenceFile}`);
      continue;
    }
    if (leaf.kind === 'text' && found.kind === 'text') {
      const want = leaf.placeholders.join(', ');
      const have = found.placeholders.join(', ');
      if (want !== have) {
        problems.push(
          `${otherFile}: "${at}" uses the placeholders {${have || 'none'}}, but ${referenceFile} uses {${want || 'none'}}`,
        );
      }
    }
  }
  for (const at of actual.keys()) {
    if (!expected.has(at))
      problems.push(`${otherFile}: "${at}" is not in ${referenceFile}; remove it or add it there too`);
  }
  return problems;
}
