// Critical CSS, tried for issue 40 and not kept (docs/performance.md, "The first screen's rules inline"): the rules a
// page's first screen needs, for a <style> in the page, while the stylesheet itself loads without blocking the first
// paint. `criticalCss` takes the matching rules and lets the whole sheet follow (their text then travels twice);
// `splitStylesheet` divides the sheet so that each rule travels once, which costs more rules in the page to keep the
// cascade's order (see `cascadeSafe`).
//
// The stylesheet is read with postcss, selectors with css-what (the dialect of the css-select engine that cheerio
// matches them with), values with css-tree: no regular expression reads CSS here.
import * as cheerio from 'cheerio';
import { compile } from 'css-select';
import { parse as parseValue, walk } from 'css-tree';
import { isTraversal, parse as parseSelector, SelectorType, type Selector } from 'css-what';
import { escapeAttribute, parse, removal, splice } from './page-policy';
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Root } from 'postcss';

/**
 * What a page shows on its first screen, guessed from its HTML alone: everything in <body> before <main> (the skip
 * link and the header), <main>'s first two sections, and the footer of a page whose <main> is one block (the
 * checkout, which its code fills). Compared in Chromium with the whole sheet blocked, this styled every element of
 * the first screen of home, overview, category and checkout pages at 412 × 823 and 1280 × 800 exactly as the whole
 * sheet does; at 768 px the home page shows a third section.
 */
export function firstScreenElements($: cheerio.CheerioAPI): Set<unknown> {
  const shown = new Set<unknown>();
  const add = (element: unknown) => {
    shown.add(element);
    $(element as never)
      .find('*')
      .each((_, child) => void shown.add(child));
  };
  for (const element of $('html, body, body > main').toArray()) shown.add(element);
  const main = $('body > main').get(0);
  for (const child of $('body').children().toArray()) {
    if (child === main) break;
    if (child.tagName !== 'script') add(child);
  }
  const sections = $('body > main')
    .children()
    .toArray()
    .filter((child) => !['script', 'template'].includes(child.tagName));
  for (const section of sections.slice(0, 2)) add(section);
  // A page whose <main> is one short block until its code fills it (the checkout) shows its footer too.
  if (sections.length < 2)
    for (const after of $('body > main ~ *').toArray()) if (after.tagName !== 'script') add(after);
  return shown;
}

/** Pseudo-classes that depend only on the document, which css-select evaluates as a browser would. */
const STRUCTURAL = new Set([
  'not',
  'is',
  'where',
  'matches',
  'has',
  'root',
  'empty',
  'first-child',
  'last-child',
  'only-child',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'nth-child',
  'nth-last-child',
  'nth-of-type',
  'nth-last-of-type',
]);

/**
 * The selector as it matches some element at some moment: states (`:hover`, `:checked`, `:open`) and
 * pseudo-elements (`::before`, `::placeholder`) are left out, so the rule counts for the element they belong to.
 * A `:not()` or `:has()` that names a state is left out whole, since it may hold either way. Undefined when
 * nothing of a part is left that css-select could check (then the part matches any element).
 */
function staticSelector(selector: Selector[][]): Selector[][] | undefined {
  const parts: Selector[][] = [];
  for (const sequence of selector) {
    const kept: Selector[] = [];
    for (const token of sequence) {
      if (token.type === 'pseudo-element') continue;
      if (token.type !== 'pseudo') {
        kept.push(token);
        continue;
      }
      if (!STRUCTURAL.has(token.name)) continue;
      if (!Array.isArray(token.data)) {
        kept.push(token);
        continue;
      }
      const inner = staticSelector(token.data);
      const exact = inner && JSON.stringify(inner) === JSON.stringify(token.data);
      // :is()/:where() of parts that can match anything match anything; :not()/:has() with a state may hold either way.
      if (['not', 'has'].includes(token.name) ? exact : inner) kept.push({ ...token, data: inner! });
    }
    // A part that ends in a combinator (`.a > ::before` → `.a >`) stands for any child.
    const last = kept.at(-1);
    if (last && isTraversal(last)) kept.push({ type: SelectorType.Universal, namespace: null });
    if (kept.length === 0) return undefined;
    parts.push(kept);
  }
  return parts;
}

/** The pages' first screens, and a test of whether a selector matches an element of one of them. */
function firstScreens(pages: string[]) {
  const shown = pages.flatMap((html) => [...firstScreenElements(cheerio.load(html))]);
  const cache = new Map<string, boolean>();
  return (selectorText: string): boolean => {
    const known = cache.get(selectorText);
    if (known !== undefined) return known;
    let matches: boolean;
    try {
      const selector = staticSelector(parseSelector(selectorText));
      if (selector === undefined) matches = true;
      else {
        const test = compile<unknown, never>(selector);
        matches = shown.some((element) => test(element as never));
      }
    } catch {
      // A selector css-select cannot evaluate counts as needed: a rule too many is safe, one too few is not.
      matches = true;
    }
    cache.set(selectorText, matches);
    return matches;
  };
}

/** The custom properties and keyframes that a value refers to. */
function references(value: string): { properties: string[]; names: string[] } {
  const properties: string[] = [];
  const names: string[] = [];
  try {
    walk(parseValue(value, { context: 'value' }), (node) => {
      if (node.type === 'Function' && node.name.toLowerCase() === 'var') {
        const first = node.children.first;
        if (first?.type === 'Identifier') properties.push(first.name);
      }
      if (node.type === 'Identifier') names.push(node.name);
      // A var()'s fallback is kept as raw text (`var(--tw-leading, var(--text-lg--line-height))`): read it too.
      if (node.type === 'Raw') {
        const inner = references(node.value);
        properties.push(...inner.properties);
        names.push(...inner.names);
      }
    });
  } catch {
    // Unparsed values refer to nothing css-tree could name; the rule itself is still split like any other.
  }
  return { properties, names };
}

/**
 * The properties that can decide the same thing, by family: `padding` and `padding-left`, `inset` and `top`,
 * `display` and `display`. Two rules whose families meet may override each other on an element that both match.
 */
function family(property: string): string {
  const lower = property.toLowerCase();
  const vendor = ['-webkit-', '-moz-', '-ms-', '-o-'].find((prefix) => lower.startsWith(prefix));
  const name = vendor ? lower.slice(vendor.length) : lower;
  if (name.startsWith('--')) return name;
  if (['top', 'right', 'bottom', 'left'].includes(name) || name.startsWith('inset')) return 'inset';
  if (name.endsWith('gap')) return 'gap';
  if (['place-', 'align-', 'justify-'].some((prefix) => name.startsWith(prefix))) return 'align';
  if (name === 'line-height') return 'font';
  if (name === 'white-space') return 'text';
  return name.split('-')[0]!;
}

/** A rule or at-rule that is kept or moved whole. */
interface Leaf {
  node: ChildNode;
  /** The innermost cascade layer it is in ('' outside any). */
  layer: string;
  /** The families of the properties it sets. */
  families: Set<string>;
  critical: boolean;
}

const CONTAINERS = new Set(['layer', 'media', 'supports', 'container']);
const isContainer = (node: ChildNode): node is AtRule =>
  node.type === 'atrule' && CONTAINERS.has(node.name.toLowerCase()) && node.nodes !== undefined;
/** A rule that only defines custom properties (the theme's variables, Tailwind's initial values). */
const definesOnly = (node: ChildNode) =>
  node.type === 'rule' &&
  (node.nodes ?? []).length > 0 &&
  node.nodes.every((child) => child.type === 'decl' && child.prop.startsWith('--'));

export interface SplitStylesheet {
  /** The rules some page's first screen needs, for a <style> in every page. */
  critical: string;
  /** Everything else, for a stylesheet that loads after the first paint. */
  rest: string;
}

/**
 * Splits `css` into what the first screens of `pages` (their HTML) need and the rest. Cascade layers keep their
 * order: the critical part starts with the layer order of the whole sheet.
 */
export function splitStylesheet(css: string, pages: string[]): SplitStylesheet {
  return split(css, pages, true);
}

/**
 * The rules of `css` that the first screens of `pages` need, and the variables, keyframes and registrations they
 * use: for a page that loads the whole stylesheet after its first paint. The whole sheet then comes after these
 * rules, so their order against its other rules does not matter, but their text travels twice.
 */
export function criticalCss(css: string, pages: string[]): string {
  return split(css, pages, false).critical;
}

function split(css: string, pages: string[], keepOrder: boolean): SplitStylesheet {
  const root = postcss.parse(css);
  const needed = firstScreens(pages);
  const leaves: Leaf[] = [];
  const layerOrder: string[] = [];
  const definitions: { decl: Declaration; layer: string }[] = [];

  const visit = (container: Container, layer: string) => {
    for (const node of container.nodes ?? []) {
      if (node.type === 'comment') continue;
      if (isContainer(node)) {
        const inner = node.name.toLowerCase() === 'layer' ? node.params.trim() : layer;
        if (node.name.toLowerCase() === 'layer' && !layerOrder.includes(inner)) layerOrder.push(inner);
        visit(node, inner);
      } else if (definesOnly(node)) {
        for (const decl of (node as postcss.Rule).nodes as Declaration[]) definitions.push({ decl, layer });
      } else {
        const families = new Set<string>();
        (node as Container).walkDecls?.((decl) => void families.add(family(decl.prop)));
        leaves.push({ node, layer, families, critical: false });
      }
    }
  };
  visit(root, '');

  // The rules that match an element of a first screen, and the layer order statement.
  for (const leaf of leaves) {
    const { node } = leaf;
    if (node.type === 'rule') leaf.critical = node.selectors.some(needed);
    else if (node.type === 'atrule' && node.name.toLowerCase() === 'layer') leaf.critical = true;
  }
  if (keepOrder) cascadeSafe(leaves);

  // Custom properties, keyframes and @property registrations that the critical rules use, and what those use.
  const used = new Set<string>();
  const usedNames = new Set<string>();
  const noteUses = (value: string) => {
    const { properties, names } = references(value);
    let added = false;
    for (const property of properties)
      if (!used.has(property)) {
        used.add(property);
        added = true;
      }
    for (const name of names) usedNames.add(name);
    return added;
  };
  for (const leaf of leaves.filter((leaf) => leaf.critical))
    (leaf.node as Container).walkDecls?.((decl) => {
      if (decl.prop.startsWith('--')) used.add(decl.prop);
      noteUses(decl.value);
    });
  for (let grew = true; grew;) {
    grew = false;
    for (const { decl } of definitions) if (used.has(decl.prop) && noteUses(decl.value)) grew = true;
  }
  const criticalDefinitions = new Set(
    definitions.filter(({ decl }) => used.has(decl.prop)).map(({ decl }) => decl),
  );
  for (const leaf of leaves) {
    const { node } = leaf;
    if (node.type !== 'atrule') continue;
    const name = node.name.toLowerCase();
    if (name === 'property') leaf.critical = used.has(node.params.trim());
    if (name.endsWith('keyframes')) leaf.critical = usedNames.has(node.params.trim());
  }

  const critical = new Set(leaves.filter((leaf) => leaf.critical).map((leaf) => leaf.node));
  const part = (wanted: boolean): string => {
    const copy = (container: Container): ChildNode[] =>
      (container.nodes ?? []).flatMap((node): ChildNode[] => {
        if (node.type === 'comment') return [];
        if (isContainer(node)) {
          const children = copy(node);
          const layerStatement = node.name.toLowerCase() === 'layer' && wanted;
          return children.length > 0 || layerStatement ? [node.clone({ nodes: children })] : [];
        }
        if (definesOnly(node)) {
          const decls = (node as postcss.Rule).nodes.filter(
            (decl) => criticalDefinitions.has(decl as Declaration) === wanted,
          );
          return decls.length > 0
            ? [(node as postcss.Rule).clone({ nodes: decls.map((d) => d.clone()) })]
            : [];
        }
        return critical.has(node) === wanted ? [node.clone()] : [];
      });
    const result: Root = postcss.root({ nodes: copy(root), raws: root.raws });
    // The critical part comes first in the page, so it names every layer in the sheet's order.
    if (wanted && layerOrder.length > 0)
      result.prepend(
        postcss.atRule({ name: 'layer', params: layerOrder.join(','), raws: { afterName: ' ' } }),
      );
    return result.toString();
  };
  return { critical: part(true), rest: part(false) };
}

/**
 * Moving a rule into the page changes its place in the cascade: the page's <style> comes before the rest's file, so
 * of two rules in the same layer with the same specificity, the one in the rest now wins, whatever their order in
 * the sheet. Where a rule of the rest came before a critical rule in the sheet and sets a property of the same family,
 * it moves into the page too (and so on, until nothing moves), so that every pair keeps its order.
 */
function cascadeSafe(leaves: Leaf[]): void {
  for (let moved = true; moved;) {
    moved = false;
    const latest = new Map<string, number>();
    leaves.forEach((leaf, index) => {
      if (!leaf.critical) return;
      for (const name of leaf.families) latest.set(`${leaf.layer}\u0000${name}`, index);
    });
    leaves.forEach((leaf, index) => {
      if (leaf.critical || leaf.node.type !== 'rule') return;
      const before = [...leaf.families].some(
        (name) => (latest.get(`${leaf.layer}\u0000${name}`) ?? -1) > index,
      );
      if (before) {
        leaf.critical = true;
        moved = true;
      }
    });
  }
}

/**
 * The inline script that applies the stylesheet once it has loaded: it arrives as `media="print"`, which no screen
 * waits for, and this switches it to every medium. A script and not an `onload` attribute, which the page's
 * Content-Security-Policy would refuse; the page policy hashes it like every inline script.
 */
export const STYLESHEET_LOADER = `(function (link) {
  function apply() { link.media = 'all'; }
  if (link.sheet) apply(); else link.addEventListener('load', apply);
})(document.currentScript.previousElementSibling);`;

/**
 * The inline script that asks for the stylesheet only once the browser reports the first contentful paint, as
 * lib/script-loader.ts does for the framework's scripts: the link's attributes come from `data-stylesheet`.
 */
export const STYLESHEET_AFTER_PAINT = `(function (d, script) {
  var attributes = JSON.parse(script.dataset.stylesheet), started = false;
  function load() {
    if (started) return;
    started = true;
    var link = d.createElement('link');
    for (var name in attributes) link.setAttribute(name, attributes[name]);
    script.after(link);
  }
  var Observer = window.PerformanceObserver;
  if (!Observer || (Observer.supportedEntryTypes || []).indexOf('paint') < 0) return load();
  new Observer(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, 3000);
})(document, document.currentScript);`;

/** The URL of the page's one stylesheet, as its <link> names it. */
export function stylesheetHref(html: string): string {
  return stylesheetLink(parse(html)).attribs.href ?? '';
}

function stylesheetLink($: ReturnType<typeof parse>) {
  const links = $('head > link[rel="stylesheet"]').toArray();
  if (links.length !== 1)
    throw new Error(`expected one stylesheet link in <head>, found ${links.length}: see docs/performance.md`);
  return links[0]!;
}

/**
 * The page with `critical` in a <style> where its stylesheet link was, and the stylesheet loading without blocking
 * the first paint: at once as `media="print"` (STYLESHEET_LOADER), or only after the first paint
 * (STYLESHEET_AFTER_PAINT). Without scripts, a <noscript> copy of the link applies it as before.
 */
export function withCriticalCss(html: string, critical: string, when: 'at-once' | 'after-paint'): string {
  const link = stylesheetLink(parse(html));
  const href = escapeAttribute(link.attribs.href ?? '');
  const kept = Object.entries(link.attribs).filter(([name]) => name !== 'media');
  const attributes = kept.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
  const loading =
    when === 'at-once'
      ? [`<link ${attributes} media="print"/>`, `<script>${STYLESHEET_LOADER}</script>`]
      : [
          `<script data-stylesheet="${escapeAttribute(JSON.stringify(Object.fromEntries(kept)))}">${STYLESHEET_AFTER_PAINT}</script>`,
        ];
  const text = [
    `<style>${critical}</style>`,
    ...loading,
    `<noscript><link rel="stylesheet" href="${href}"/></noscript>`,
  ].join('');
  return splice(html, [{ ...removal(link), text }]);
}
