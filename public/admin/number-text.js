// How the CMS's number fields read what an editor pastes (cms.js). A module of its own, so that jest tests the rules.

export const isDigits = (text) => text !== '' && [...text].every((char) => char >= '0' && char <= '9');
export const isMark = (char) => char === '.' || char === ',';

/**
 * A pasted whole number's digits, when its one kind of mark sets off groups of three (1.200, 1,240, 12.000.000);
 * undefined for anything else with a mark (89,50, 1.5, 1.200,50, 1.5e3), which has no reading that is surely the
 * editor's.
 */
export function groupedDigits(pasted) {
  // Spaces around it, a no-break one from a formatted page too, are no part of the number.
  const text = pasted.trim();
  const marks = new Set([...text].filter(isMark));
  if (marks.size !== 1) return undefined;
  const [first = '', ...groups] = text.split([...marks][0]);
  // A group of thousands starts with 1 to 9: 0,125 and 0.500 are fractions.
  const grouped =
    isDigits(first) &&
    first.length <= 3 &&
    first[0] !== '0' &&
    groups.every((group) => group.length === 3 && isDigits(group));
  return grouped ? [first, ...groups].join('') : undefined;
}
