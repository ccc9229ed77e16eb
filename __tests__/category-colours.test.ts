/**
 * Each category's icon tile: a white glyph on a gradient of two theme colours. The glyph is the only thing drawn
 * on the colour (the name stands next to the tile, in the page's own colours), so the colour's rule is WCAG 1.4.11:
 * a graphic needs 3:1 against what is behind it, at both ends of the gradient. axe checks text only and cannot see
 * this; the colours are read from the stylesheets the build compiles (Tailwind's theme and app/globals.css) and
 * converted to the sRGB the browser paints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import postcss from 'postcss';
import { categoryGradients } from '@/lib/categories';

/** Every `--color-*` of Tailwind's theme, with the site's own theme over it. */
function themeColours(): Map<string, string> {
  const colours = new Map<string, string>();
  const root = path.join(__dirname, '..');
  for (const file of [
    path.join(root, 'node_modules/tailwindcss/theme.css'),
    path.join(root, 'app/globals.css'),
  ])
    postcss.parse(fs.readFileSync(file, 'utf8')).walkDecls(/^--color-/, (decl) => {
      colours.set(decl.prop.slice('--color-'.length), decl.value);
    });
  return colours;
}

/** A CSS colour as the sRGB red, green and blue (0–255) a browser without wide gamut paints. */
function srgb(colour: string): [number, number, number] {
  // Targeting a browser without oklch() makes lightningcss write the colour's sRGB fallback first, as hex.
  const { code } = transform({
    filename: 'colour.css',
    code: Buffer.from(`a{color:${colour}}`),
    targets: { chrome: 80 << 16 },
    minify: true,
  });
  let hex = '';
  postcss.parse(code.toString()).walkDecls('color', (decl) => {
    hex ||= decl.value;
  });
  expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** Relative luminance as WCAG 2 defines it. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const theme = themeColours();
const white: [number, number, number] = [255, 255, 255];

test('the contrast helpers agree with WCAG’s own end points', () => {
  expect(contrast(white, [0, 0, 0])).toBeCloseTo(21, 5);
  expect(contrast(white, white)).toBe(1);
  // #767676 is the lightest grey that passes 4.5:1 on white: 4.54:1.
  expect(contrast(white, [0x76, 0x76, 0x76])).toBeCloseTo(4.54, 2);
});

describe.each(Object.keys(categoryGradients) as (keyof typeof categoryGradients)[])(
  'the %s tile',
  (gradient) => {
    // `from-sky-600 to-blue-800`: each utility's colour follows its first hyphen.
    const stops = categoryGradients[gradient]
      .split(' ')
      .map((utility) => utility.slice(utility.indexOf('-') + 1));

    test.each(stops)('its white glyph stands out 3:1 on %s', (name) => {
      const value = theme.get(name);
      expect(value).toBeDefined();
      expect(contrast(white, srgb(value!))).toBeGreaterThanOrEqual(3);
    });
  },
);
