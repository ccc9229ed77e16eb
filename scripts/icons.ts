// Writes public/icons.svg, the sprite every page's icons refer to (scripts/lib/icon-sprite.ts), from the drawings in
// components/ui/icons.ts. Run it after changing that table; a test fails while the committed sprite is stale.
import fs from 'node:fs';
import path from 'node:path';
import { iconSprite } from './lib/icon-sprite';

fs.writeFileSync(path.join(process.cwd(), 'public', 'icons.svg'), iconSprite());
