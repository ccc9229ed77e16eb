import { fill } from '../format';
import { MAX_LENGTHS, postcodeExample, type Buyer, type BuyerField, type BuyerProblem } from './buyer';
import type { OrderWords } from './order';
import { vatIdExample } from './vat-id';

/**
 * A field's problem in words: the field's name, and what it expects. The checkout shows it beside the field
 * and the order service answers it in a 422, so both say the same. Values are plain text, never markup.
 */
export function problemMessage(
  field: BuyerField,
  problem: BuyerProblem,
  buyer: Buyer,
  words: OrderWords,
): string {
  const { errors, fields } = words.strings;
  const country = words.countryNames[buyer.country] ?? buyer.country;
  return fill(errors[problem], {
    field: fields[field],
    value: buyer[field].trim(),
    max: MAX_LENGTHS[field],
    country,
    // What a postcode or a VAT ID of the buyer's country looks like, for the message that says it is not one.
    example: field === 'vatId' ? vatIdExample(buyer.country) : postcodeExample(buyer.country),
  });
}
