/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { iconDrawings } from '@/components/ui/icons';
import { iconSprite } from '../scripts/lib/icon-sprite';

const committed = fs.readFileSync(path.join(process.cwd(), 'public', 'icons.svg'), 'utf8');

describe('the icon sprite', () => {
  it('is generated: public/icons.svg is what components/ui/icons.ts draws (npm run icons)', () => {
    expect(committed).toBe(iconSprite());
  });

  it('holds one symbol per icon name, with the drawing’s viewBox and at least one shape', () => {
    const $ = cheerio.load(committed, { xml: true });
    const symbols = $('svg > symbol').toArray();
    expect(symbols.map((symbol) => symbol.attribs.id).sort()).toEqual(Object.keys(iconDrawings).sort());
    for (const symbol of symbols) {
      expect(symbol.attribs.viewBox).toMatch(/^0 0 \d+ \d+$/);
      expect($(symbol).children('path').length).toBeGreaterThan(0);
    }
  });
});
