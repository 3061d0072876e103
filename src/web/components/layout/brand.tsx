import { Link } from 'wouter';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <rect x="7" y="9" width="18" height="5" rx="1.5" fill="#fff" />
      <rect x="10" y="14" width="2.5" height="9" rx="1" fill="#fff" />
      <rect x="19.5" y="14" width="2.5" height="9" rx="1" fill="#c7d2fe" />
    </svg>
  );
}

/** The product name with its mark, linking home. */
export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <BrandMark />
      <span>Perch</span>
    </Link>
  );
}
