// Writes orders/openapi.json, the order service's contract, from the zod schemas (orders/openapi.ts).
import fs from 'node:fs';
import path from 'node:path';
import { openApiFile } from '../orders/openapi';

const file = path.join(process.cwd(), 'orders', 'openapi.json');
fs.writeFileSync(file, openApiFile());
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
