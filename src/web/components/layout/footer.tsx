import { Link } from 'wouter';

/** On every screen: legal links, the copyright line and the company registration line. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white px-6 py-6 text-sm text-slate-600">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 sm:flex-row">
        <div className="text-center sm:text-left">
          <p>© 2025 Perch Workspace Ltd. All rights reserved.</p>
          <p className="text-xs text-slate-500">Registered in England and Wales, company number 15824736.</p>
        </div>
        <nav aria-label="Legal" className="flex gap-5">
          <Link href="/privacy-policy" className="hover:text-brand-700 hover:underline">
            Privacy Policy
          </Link>
          <Link href="/terms-and-conditions" className="hover:text-brand-700 hover:underline">
            Terms and Conditions
          </Link>
        </nav>
      </div>
    </footer>
  );
}
