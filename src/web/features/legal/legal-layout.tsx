import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '#web/components/layout/brand.tsx';
import { Footer } from '#web/components/layout/footer.tsx';

export interface LegalSection {
  /** The fragment the table of contents links to. */
  id: string;
  title: string;
  content: ReactNode;
}

// Prose styling without the typography plugin: every legal page shares one rhythm.
const prose =
  'text-base/7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900 [&_li]:mt-2 [&_li]:pl-1 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

/** The shared frame of the Terms and Privacy pages: header, contents, numbered sections, footer. */
export function LegalLayout({
  title,
  effectiveDate,
  intro,
  sections,
}: {
  title: string;
  effectiveDate: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:px-6 sm:pt-16">
            <p className="text-sm font-semibold text-brand-700">Legal</p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-sm text-slate-600">Effective date: {effectiveDate}</p>
          </div>
        </div>
        <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
          <nav aria-labelledby="contents-title" className="mb-10 lg:mb-0">
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6 lg:border-0 lg:bg-transparent lg:p-0">
              <p id="contents-title" className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
                On this page
              </p>
              <ol className="mt-3 space-y-1 text-sm">
                {sections.map((section, index) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="flex gap-2 rounded-md py-1 text-slate-700 hover:text-brand-700 lg:-ml-2 lg:px-2 lg:hover:bg-slate-100"
                    >
                      <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{index + 1}.</span>
                      <span>{section.title}</span>
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <article className="max-w-3xl">
            <div className="space-y-4 text-lg/8 text-pretty text-slate-600">{intro}</div>
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="mt-12 scroll-mt-6 border-t border-slate-100 pt-10 first-of-type:mt-10"
              >
                <h2
                  id={`${section.id}-title`}
                  className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl"
                >
                  {index + 1}. {section.title}
                </h2>
                <div className={prose}>{section.content}</div>
              </section>
            ))}
          </article>
        </div>
      </main>
      <Footer />
    </div>
  );
}
