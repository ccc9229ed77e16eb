import { z } from 'zod';
import germanUi from '../content/de/ui.json';
import fixedTextFields from './cms-text-fields.json';
import { gradientNames, iconNames, labels, SAME_COUNT, uiNames, URL_SAFE, type Label } from './cms-labels';
import { placeholders } from './content-parity';
import {
  categoryContentSchema,
  categoryTableSchema,
  dictionarySchema,
  siteSchema,
  urlSafe,
} from './content-schema';
import { defaultLocale, locales } from './i18n';

/**
 * The configuration of the editors' CMS at /admin (Sveltia CMS), generated from
 * the zod schemas the build checks content with and from the structure of the
 * German interface texts, so that the editor refuses what the build would
 * refuse. `npm run cms` writes it to public/admin/config.json; a test fails
 * when that file is out of date. Labels and hints are German, for the shop's
 * editors; they live in lib/cms-labels.ts, keyed by the field's path.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type CmsField = Record<string, unknown> & { name: string; widget: string };

/** What a page's search-engine texts (`ui.meta.<page>.title` …) share with a category's: label, hint, limits. */
const PAGE_META = new Set(['title', 'description', 'keywords']);

const optionNames: Record<string, Record<string, string>> = {
  'categories.icon': iconNames,
  'categories.gradient': gradientNames,
};

/** Fields whose text runs over several lines get a text area. */
const LONG_TEXT = 100;

/**
 * What the field of one interface text is: a text area (`lines`) or one line, and the placeholders it must keep.
 * Both are read from the German text when the text is added, and then kept in lib/cms-text-fields.json (written
 * by `npm run cms`): an editor who lengthens a text, breaks a line or adds a placeholder changes what the text
 * says, not the CMS's configuration, which would then no longer match the committed one, and fail the checks of
 * the editor's pull request for a reason no editor can mend.
 */
export interface TextField {
  /** A text area; else one line. */
  lines?: boolean;
  /** The placeholders the text must keep; none if left out. */
  placeholders?: string[];
}
type InterfaceTexts = Record<string, unknown>;
const fixedFields: Record<string, TextField> = fixedTextFields;

/** The texts of a file of interface texts, without its `$schema` line. */
const textsOf = (file: InterfaceTexts): InterfaceTexts =>
  Object.fromEntries(Object.entries(file).filter(([key]) => key !== '$schema'));
const germanTexts = textsOf(germanUi);

function textFieldOf(value: unknown, shared: boolean): TextField {
  const text = typeof value === 'string' ? value : '';
  // Within a list, whose items share their fields, what the first item holds is no rule for the others.
  const names = shared ? [] : placeholders(text);
  return {
    ...(text.length > LONG_TEXT || text.includes('\n') ? { lines: true } : {}),
    ...(names.length > 0 ? { placeholders: names } : {}),
  };
}

/** Each interface text's path (`ui.cart.total`; the items of a list as `….item`), its German text, and whether it is a list's. */
function textLeaves(value: unknown, path: string, shared = false): [string, unknown, boolean][] {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return first !== null && typeof first === 'object'
      ? textLeaves(first, path, true)
      : textLeaves(first, `${path}.item`, true);
  }
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textLeaves(item, `${path}.${key}`, shared));
  return [[path, value, shared]];
}

/**
 * The table of lib/cms-text-fields.json for these texts: each text's field as it was fixed, and one read from
 * its text for a text that is new; a text that is gone leaves the table.
 */
export function textFieldTable(
  texts: InterfaceTexts = germanTexts,
  fixed: Record<string, TextField> = fixedFields,
): Record<string, TextField> {
  return Object.fromEntries(
    textLeaves(texts, 'ui').map(([path, value, shared]) => [path, fixed[path] ?? textFieldOf(value, shared)]),
  );
}

function describe(path: string, name: string): Label {
  // A page's search-engine texts (ui.meta.<page>.title, ….keywords.item) are labelled as a category's are.
  const [root, group, , field, ...rest] = path.split('.');
  const pageMeta = root === 'ui' && group === 'meta' && field !== undefined && PAGE_META.has(field);
  const uiName = root === 'ui' ? uiNames[name] : undefined;
  return (
    labels[path] ??
    (pageMeta ? labels[[field, ...rest].join('.')] : undefined) ??
    (uiName ? { label: uiName } : undefined) ?? { label: name === 'item' ? 'Eintrag' : name }
  );
}

/** A label's parts as the CMS reads them. */
function labelFields({ label, hint, singular }: Label) {
  return { label, ...(singular ? { label_singular: singular } : {}), ...(hint ? { hint } : {}) };
}

function messageFor(node: JsonSchema): string {
  const { pattern } = node;
  if (pattern === '^[a-z0-9]+(?:-[a-z0-9]+)*$') return `Bitte ${URL_SAFE} verwenden.`;
  if (pattern === '^[a-zA-Z]+$') return 'Bitte nur Buchstaben verwenden.';
  if (pattern === '^[\\w-]{11}$')
    return 'Eine YouTube-ID hat genau 11 Zeichen: nur die Zeichen nach „v=“, nicht die ganze Adresse.';
  if (node.format === 'date') return 'Bitte ein Datum im Format JJJJ-MM-TT eingeben, z. B. 2025-03-12.';
  return 'Das Format stimmt nicht.';
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** The step of a decimal's field: a VAT rate such as 8.1, a rating such as 4.8. */
const DECIMAL_STEP = 0.1;

/** The rule for the name of an industry's copy files: the category table's `translationKey`, as the build checks it. */
const copyFileName = (z.toJSONSchema(urlSafe) as JsonSchema).pattern!;

/**
 * Fields whose value names another entry: the editor picks it from a list of those entries, so a name that
 * matches no file cannot be typed. A row's copy files are named by the slug of their "Branchentexte" entry.
 */
const references: Record<string, Record<string, unknown> & { widget: string }> = {
  'categories.translationKey': {
    widget: 'relation',
    collection: 'copy',
    value_field: '{{slug}}',
    search_fields: ['name'],
    display_fields: ['name'],
  },
};

/**
 * The lists of fact ids in site.json, by the group of the interface texts that names each id (`facts.<group>` in
 * ui.json): the editor picks each item from the ids that have a name there, under the name its field has in the
 * CMS, so an id the build would refuse (one without a label) cannot be typed.
 */
const factLists: Record<string, keyof (typeof germanUi)['facts']> = {
  'facts.delivery.channels': 'channels',
  'facts.paymentMethods': 'paymentMethods',
  'facts.replacementCriteria': 'replacementCriteria',
  'facts.consent.logged': 'consentLogged',
};

function factOptions(group: keyof (typeof germanUi)['facts']): { label: string; value: string }[] {
  return Object.keys(germanUi.facts[group]).map((id) => ({
    label: labels[`ui.facts.${group}.${id}`]?.label ?? id,
    value: id,
  }));
}

/** One field from a JSON Schema node, as zod 4's `z.toJSONSchema` writes it. */
function fieldFromSchema(name: string, node: JsonSchema, path: string, required: boolean): CmsField {
  const base = { name, ...labelFields(describe(path, name)), ...(required ? {} : { required: false }) };
  const reference = references[path];
  if (reference) return { ...base, ...reference };
  if (node.enum) {
    const names = optionNames[path];
    const options = names ? node.enum.map((value) => ({ label: names[value] ?? value, value })) : node.enum;
    return { ...base, widget: 'select', options };
  }
  switch (node.type) {
    case 'object':
      return { ...base, widget: 'object', fields: fieldsFromSchema(node, path) };
    case 'array': {
      const items = node.items ?? {};
      const size = {
        ...(node.minItems !== undefined ? { min: node.minItems } : {}),
        ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
      };
      const facts = factLists[path];
      // Each item is one choice, named as one of the list's ("Zahlart"), not as any list's item.
      const one = describe(`${path}.item`, 'item');
      const item = { name: 'item', ...labelFields({ ...one, label: labels[path]?.singular ?? one.label }) };
      const list = facts
        ? { field: { ...item, widget: 'select', options: factOptions(facts) } }
        : items.type === 'object'
          ? { fields: fieldsFromSchema(items, path) }
          : { field: fieldFromSchema('item', items, `${path}.item`, true) };
      return { ...base, widget: 'list', ...size, ...list };
    }
    case 'integer':
    case 'number': {
      // A whole number above 0 starts at 1, a decimal above 0 one step of the widget (0.1) above it: the CMS's
      // least value is one it takes as it is.
      const min =
        node.exclusiveMinimum !== undefined
          ? Number((node.exclusiveMinimum + (node.type === 'integer' ? 1 : DECIMAL_STEP)).toFixed(1))
          : node.minimum;
      return {
        ...base,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(min !== undefined && min > -MAX_SAFE ? { min } : {}),
        ...(node.maximum !== undefined && node.maximum < MAX_SAFE ? { max: node.maximum } : {}),
        ...(node.type === 'number' ? { step: DECIMAL_STEP } : {}),
      };
    }
    default: {
      const type = node.format === 'uri' ? { type: 'url' } : node.format === 'email' ? { type: 'email' } : {};
      // `\S` is the schemas' "not blank", which `required` already says; an address's own type has its message.
      const pattern =
        node.pattern && node.pattern !== '\\S' && !('type' in type)
          ? { pattern: [node.pattern, messageFor(node)] }
          : {};
      const long = (node.maxLength ?? 0) > LONG_TEXT || ['description', 'text', 'answer'].includes(name);
      return {
        ...base,
        widget: long ? 'text' : 'string',
        ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
        ...type,
        ...pattern,
      };
    }
  }
}

/** The `$schema` line of a content file: kept as it is, never shown. */
function schemaLine(file: string): CmsField {
  return { name: '$schema', widget: 'hidden', default: file, i18n: 'duplicate' };
}

function fieldsFromSchema(node: JsonSchema, prefix = ''): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, child]) =>
      fieldFromSchema(name, child, prefix ? `${prefix}.${name}` : name, required.has(name)),
    );
}

function fieldsFromZod(schema: z.ZodType, schemaFile: string): CmsField[] {
  return [schemaLine(schemaFile), ...fieldsFromSchema(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema)];
}

/**
 * Fields for the interface texts, from the shape of the German file: every text a text field, with the limits
 * the build's schema sets at that place (`node`: a page's title and description, its number of keywords).
 */
function fieldsFromValue(
  value: unknown,
  name: string,
  path: string,
  node: JsonSchema = {},
  /** Within a list, whose items share their fields: what the first item holds is no rule for the others. */
  shared = false,
): CmsField {
  const label = describe(path, name);
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    const items = node.items ?? {};
    // The build compares the two languages' lists of objects item by item; a list of plain texts may differ.
    const objects = first !== null && typeof first === 'object';
    // A list of the interface texts has as many items as the page has places for them: the CMS offers no
    // "add" beyond that count, and the hint says so, and who adds a place.
    const count =
      node.minItems !== undefined && node.minItems === node.maxItems
        ? `Genau ${node.minItems} Einträge, in Deutsch und Englisch; einen weiteren Platz auf der Seite legt die Entwicklung an.`
        : objects
          ? SAME_COUNT
          : undefined;
    const hint = [label.hint, count].filter(Boolean).join(' ') || undefined;
    const base = {
      name,
      ...labelFields({ ...label, hint }),
      widget: 'list',
      ...(node.minItems !== undefined ? { min: node.minItems } : {}),
      ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
    };
    return objects
      ? { ...base, fields: objectFields(first, path, items, true) }
      : { ...base, field: fieldsFromValue(first, 'item', `${path}.item`, items, true) };
  }
  if (value !== null && typeof value === 'object')
    return { name, ...labelFields(label), widget: 'object', fields: objectFields(value, path, node, shared) };
  // A single-line field would drop the line breaks of a mail's greeting or closing when it is edited.
  const field = fixedFields[path] ?? textFieldOf(value, shared);
  const kept = keptPlaceholders(field.placeholders ?? []);
  return {
    name,
    ...labelFields({ ...label, hint: [label.hint, kept?.hint].filter(Boolean).join(' ') || undefined }),
    widget: field.lines === true ? 'text' : 'string',
    ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
    ...(kept ? { pattern: kept.pattern } : {}),
  };
}

/**
 * The `{placeholders}` a text has, which the site fills in: the field says which, and refuses to save without one
 * (in either language; the build compares the two, so a placeholder taken out of both would pass it). The pattern
 * is a lookahead per name, since the CMS tests a field against one regular expression.
 */
function keptPlaceholders(names: string[]): { hint: string; pattern: [string, string] } | undefined {
  if (names.length === 0) return undefined;
  const list = names.map((placeholder) => `{${placeholder}}`).join(', ');
  return {
    hint: `Diese Platzhalter setzt die Website ein; sie müssen stehen bleiben: ${list}.`,
    pattern: [
      `^${names.map((placeholder) => `(?=[\\s\\S]*\\{${placeholder}\\})`).join('')}[\\s\\S]*$`,
      `Bitte diese Platzhalter unverändert lassen: ${list}.`,
    ],
  };
}

function objectFields(value: object, path: string, node: JsonSchema, shared = false): CmsField[] {
  return Object.entries(value).map(([key, item]) =>
    fieldsFromValue(item, key, `${path}.${key}`, node.properties?.[key], shared),
  );
}

function uiFields(texts: InterfaceTexts): CmsField[] {
  const schema = z.toJSONSchema(dictionarySchema, { io: 'input' }) as JsonSchema;
  return [schemaLine('../schemas/ui.schema.json'), ...translated(objectFields(textsOf(texts), 'ui', schema))];
}

/**
 * Every field of a collection whose files exist once per language is translated, down to the fields of
 * list items and objects: the CMS lets editors add list items in English only when those are translated.
 */
function translated(fields: CmsField[]): CmsField[] {
  return fields.map((field) => {
    if (field.i18n) return field;
    const nested = {
      ...(Array.isArray(field.fields) ? { fields: translated(field.fields as CmsField[]) } : {}),
      ...(field.field ? { field: translated([field.field as CmsField])[0] } : {}),
    };
    return { ...field, ...nested, i18n: true };
  });
}

export interface CmsBackend {
  name: 'github' | 'test-repo';
  repo?: string;
  branch?: string;
}

/** Where the CMS saves: the repository on GitHub named by `CMS_GITHUB_REPO` (owner/name), as pull requests. */
export function githubBackend(repo = process.env.CMS_GITHUB_REPO || 'OWNER/REPOSITORY'): CmsBackend {
  return { name: 'github', repo, branch: process.env.CMS_GITHUB_BRANCH || 'main' };
}

export function cmsConfig(
  backend: CmsBackend = githubBackend(),
  /** The German interface texts: the committed ones but in a test of what an editor's change does. */
  texts: InterfaceTexts = germanTexts,
) {
  return {
    app_title: 'Leadwerk – Redaktion',
    logo: { src: '/icon.svg' },
    backend,
    // Every change becomes a pull request that CI checks before anyone merges it.
    publish_mode: backend.name === 'github' ? 'editorial_workflow' : 'simple',
    // Uploads go to public/uploads, which the site serves at /uploads: the address the CMS writes for a file.
    media_folder: 'public/uploads',
    public_folder: '/uploads',
    i18n: { structure: 'multiple_folders', locales: [...locales], default_locale: defaultLocale },
    // The files keep their format: two spaces, keys in schema order, a final newline.
    output: { json: { indent_style: 'space', indent_size: 2 } },
    collections: [
      {
        name: 'categories',
        label: 'Kategorien und Preise',
        description: 'Preise, Slugs, Symbole, Farben und Reihenfolge aller Branchen.',
        format: 'json',
        files: [
          {
            name: 'table',
            label: 'Kategorientabelle',
            file: 'content/categories.json',
            fields: fieldsFromZod(categoryTableSchema, './schemas/categories.schema.json'),
          },
        ],
      },
      {
        name: 'copy',
        label: 'Branchentexte',
        label_singular: 'Branchentext',
        description:
          'Die Texte jeder Branche, Deutsch und Englisch nebeneinander. Eine neue Branche braucht außerdem eine Zeile in der Kategorientabelle.',
        folder: 'content',
        path: 'categories/{{slug}}',
        // The editor names the copy files of a new industry: its "Branchentext" in the category table. Renamed
        // later, the files would leave the table's row naming none: the name is chosen once, as the build takes it.
        slug: {
          editable: ['create'],
          hint: `Der Name der beiden Dateien dieser Texte (${URL_SAFE}), über den die Kategorientabelle sie als „Branchentext“ wählt. Er wird nur beim Anlegen festgelegt.`,
          pattern: [copyFileName, `Bitte ${URL_SAFE} verwenden.`],
        },
        identifier_field: 'name',
        summary: '{{name}}',
        format: 'json',
        create: true,
        delete: false,
        i18n: true,
        fields: translated(fieldsFromZod(categoryContentSchema, '../../schemas/category.schema.json')),
      },
      {
        name: 'texts',
        label: 'Oberflächentexte',
        format: 'json',
        i18n: true,
        files: [
          {
            name: 'ui',
            label: 'Oberflächentexte',
            file: 'content/{{locale}}/ui.json',
            i18n: true,
            fields: uiFields(texts),
          },
        ],
      },
      {
        name: 'site',
        label: 'Website und Fakten',
        format: 'json',
        files: [
          {
            name: 'site',
            label: 'Links und Geschäftsfakten',
            file: 'content/site.json',
            fields: fieldsFromZod(siteSchema, './schemas/site.schema.json'),
          },
        ],
      },
    ],
  };
}

/** The text of public/admin/config.json. */
export function cmsConfigFile(backend?: CmsBackend, texts?: InterfaceTexts): string {
  return `${JSON.stringify(cmsConfig(backend, texts), null, 2)}\n`;
}

/** The text of lib/cms-text-fields.json. */
export function textFieldFile(): string {
  return `${JSON.stringify(textFieldTable(), null, 2)}\n`;
}
