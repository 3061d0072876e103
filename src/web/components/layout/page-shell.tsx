import type { ReactNode } from 'react';
import { Footer } from './footer.tsx';

/** A full-height page with the footer at the bottom. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex flex-1 flex-col">{children}</div>
      <Footer />
    </div>
  );
}
