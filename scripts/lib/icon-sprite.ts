// The sprite of the site's icons: each drawing of components/ui/icons.ts as one <symbol>, whose id is the icon's
// name. The symbol keeps the drawing's viewBox and its paint (fill, stroke), so an <Icon> that refers to it looks
// as the Heroicons component did; sizes and colours stay with the <svg> that uses it (class, currentColor).
import * as cheerio from 'cheerio';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { iconDrawings, type IconName } from '../../components/ui/icons';

/** Attributes that belong to the <svg> that shows an icon, not to its drawing. */
const dropped = new Set(['xmlns', 'aria-hidden', 'data-slot']);

function symbol(name: IconName): string {
  const $ = cheerio.load(renderToStaticMarkup(createElement(iconDrawings[name])), { xml: true });
  const svg = $('svg').first();
  const attributes = Object.entries(svg.attr() ?? {})
    .filter(([attribute]) => !dropped.has(attribute))
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join('');
  return `<symbol id="${name}"${attributes}>${svg.html() ?? ''}</symbol>`;
}

/** The text of public/icons.svg. */
export function iconSprite(): string {
  const names = Object.keys(iconDrawings) as IconName[];
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${names.map((name) => `${symbol(name)}\n`).join('')}</svg>\n`;
}
