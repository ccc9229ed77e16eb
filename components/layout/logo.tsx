interface LogoProps {
  brand: string;
}

/** The funnel of the logo, drawn on a 32 × 32 tile (also in app/icon.svg and the social images). */
export const LOGO_FUNNEL = 'M8 9h16l-6 8v6l-4 2v-8z';

/** The word mark with its small funnel glyph. */
export function Logo({ brand }: LogoProps) {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight whitespace-nowrap text-slate-900">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d={LOGO_FUNNEL} className="fill-white" />
      </svg>
      {brand}
    </span>
  );
}
