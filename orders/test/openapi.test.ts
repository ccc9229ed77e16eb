import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openApiDocument, openApiFile } from '../openapi';

describe('the OpenAPI contract', () => {
  it('is generated: orders/openapi.json is what the zod schemas make of it (npm run openapi)', () => {
    assert.equal(fs.readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8'), openApiFile());
  });

  it('carries the schemas’ rules: a UUID key, the languages, the buyer’s fields, no price', () => {
    const request = openApiDocument().components.schemas.OrderRequest as {
      properties: Record<
        string,
        { format?: string; enum?: string[]; properties?: object; items?: { properties: object } }
      >;
      required: string[];
    };
    assert.equal(request.properties.key!.format, 'uuid');
    assert.deepEqual(request.properties.locale!.enum, ['de', 'en']);
    assert.ok('vatId' in request.properties.buyer!.properties!);
    assert.deepEqual(Object.keys(request.properties.lines!.items!.properties).sort(), [
      'area',
      'category',
      'exclusive',
      'quantity',
    ]);
    assert.ok(!request.required.includes('website'), 'the honeypot may be left out');
  });
});
