import { Link } from 'wouter';
import { Brand } from '#web/components/layout/brand.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** The landing page's top bar: brand, the in-page Pricing link, and the two ways in. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <a
            href="#pricing"
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 sm:px-3"
          >
            Pricing
          </a>
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <Link href="/auth">Sign In</Link>
          </Button>
          <Button asChild size="sm" className="px-3">
            <Link href="/auth">Get Started</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
