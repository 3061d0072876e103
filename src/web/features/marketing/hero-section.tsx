import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { DashboardIllustration } from './illustrations/dashboard-illustration.tsx';

const promises = ['Set up in minutes', 'Flat monthly price', 'No double bookings'];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-brand-100)_0%,transparent_100%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[linear-gradient(to_right,#e2e8f0_1px,transparent_1px),linear-gradient(to_bottom,#e2e8f0_1px,transparent_1px)] [mask-image:radial-gradient(60%_60%_at_50%_0%,#000_30%,transparent_100%)] bg-[size:48px_48px] opacity-60"
      />
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:pb-28">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <span className="size-2 rounded-full bg-green-500" aria-hidden="true" />
            Live desk availability for hybrid teams
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-6xl"
          >
            Smart Hot Desk Booking, <span className="text-brand-600">Made Simple</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
            Upload your floor plan, drag desks into place and let your team book by date and time slot. Everyone sees
            who sits where in real time, so there are no clashes, no wasted space and lower office costs.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full shadow-md shadow-brand-600/20 sm:w-auto">
              <Link href="/auth">
                Get Started
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
              <a href="#features">See how it works</a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-1.5">
                <Check className="size-4 text-brand-600" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto mt-16 max-w-5xl sm:mt-20">
          <div
            aria-hidden="true"
            className="absolute -inset-x-8 -top-8 -bottom-4 -z-10 rounded-[2.5rem] bg-gradient-to-b from-brand-200/60 via-brand-100/40 to-transparent blur-2xl"
          />
          <div className="overflow-hidden rounded-xl bg-white shadow-2xl ring-1 shadow-slate-900/15 ring-slate-900/10 sm:rounded-2xl">
            <DashboardIllustration className="block h-auto w-full" />
          </div>
        </div>
      </div>
    </section>
  );
}
