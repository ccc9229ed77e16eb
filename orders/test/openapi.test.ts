import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openApiDocument, openApiFile } from '../openapi';

describe('the OpenAPI contract', () => {
  it('is generated: orders/openapi.json is what the zod schemas make of it (npm run openapi)', () => {
    assert.equal(fs.readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8'), openApiFile());
  });

  it('carries the schemas’ rules: a UUID key, the languages, the buyer’s fields and declaration, the prices shown', () => {
    const { OrderRequest, OrderAccepted } = openApiDocument().components.schemas as Record<
      string,
      JsonObject
    >;
    const request = OrderRequest!;
    assert.equal(request.properties.key!.format, 'uuid');
    assert.deepEqual(request.properties.locale!.enum, ['de', 'en']);
    assert.ok('vatId' in request.properties.buyer!.properties!);
    const line = request.properties.lines!.items!;
    assert.deepEqual(Object.keys(line.properties).sort(), [
      'area',
      'category',
      'exclusive',
      'price',
      'quantity',
    ]);
    assert.equal(line.properties.price!.type, 'integer');
    assert.equal(request.properties.vatRate!.type, 'number');
    assert.ok(!request.required.includes('website'), 'the honeypot may be left out');
    // The buyer's declaration to order as a business: required, and only `true`.
    assert.ok(request.required.includes('business'));
    assert.equal(request.properties.business!.const, true);
    // The answer's lines always carry the price the service charged.
    const accepted = OrderAccepted!;
    assert.ok(accepted.required.includes('lines'));
    assert.ok(accepted.properties.lines!.items!.required.includes('price'));
  });
});

interface JsonObject {
  type?: string;
  const?: unknown;
  format?: string;
  enum?: string[];
  properties: Record<string, JsonObject>;
  items?: JsonObject;
  required: string[];
}
