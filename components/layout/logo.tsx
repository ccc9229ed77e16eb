interface LogoProps {
  brand: string;
}

/** The word mark with its small funnel glyph. */
export function Logo({ brand }: LogoProps) {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M8 9h16l-6 8v6l-4 2v-8z" className="fill-white" />
      </svg>
      {brand}
    </span>
  );
}
