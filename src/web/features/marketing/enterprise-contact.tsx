import { Building2, Mail } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

export const salesEmail = 'sales@perch.example';

/** More than 5,000 users or custom features: a tailored solution by e-mail. */
export function EnterpriseContact() {
  return (
    <section aria-labelledby="enterprise-title" className="bg-white px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-brand-900 px-6 py-12 sm:px-12 sm:py-14">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_120%_at_100%_0%,rgba(99,102,241,0.55)_0%,transparent_70%)]"
        />
        <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-200">
              <Building2 className="size-4" aria-hidden="true" />
              Enterprise
            </p>
            <h2 id="enterprise-title" className="mt-3 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
              More than 5,000 users or need custom features?
            </h2>
            <p className="mt-4 text-pretty text-brand-100">
              Large estates and special requirements get a tailored solution. Drop us an e-mail with the size of your
              organization and what you need, and we will put together a plan that fits.
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-start gap-3 lg:items-end">
            <Button asChild size="lg" variant="secondary" className="border-white text-brand-900">
              <a href={`mailto:${salesEmail}`}>
                <Mail className="size-4" aria-hidden="true" />
                Contact sales
              </a>
            </Button>
            <p className="text-sm text-brand-200">{salesEmail}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
