import type { ReactNode } from 'react';

/** The eyebrow, heading and lead paragraph that open each landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
}) {
  const isDark = tone === 'dark';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={isDark ? 'text-sm font-semibold text-brand-200' : 'text-sm font-semibold text-brand-700'}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={
          isDark
            ? 'mt-2 text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl'
            : 'mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl'
        }
      >
        {title}
      </h2>
      {children && (
        <p className={isDark ? 'mt-4 text-lg text-pretty text-slate-300' : 'mt-4 text-lg text-pretty text-slate-600'}>
          {children}
        </p>
      )}
    </div>
  );
}
