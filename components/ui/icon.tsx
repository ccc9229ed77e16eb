import type { IconName } from './icons';

/** Where the build serves the sprite (public/icons.svg, written by `npm run icons`). */
export const ICON_SPRITE = '/icons.svg';

interface IconProps {
  name: IconName;
  className?: string;
}

/**
 * A Heroicon, drawn by reference to its symbol in the site's sprite: the page carries one short <use> per icon, in
 * its HTML and in its payload, instead of the drawing's paths; the sprite loads once and is cached for every page.
 * Decorative: whatever the icon stands for is said in text or in its control's accessible name.
 */
export function Icon({ name, className }: IconProps) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
