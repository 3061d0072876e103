import './desk-codes.css';
import { Printer } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'wouter';
import { errorMessage } from '#web/app/api.ts';
import { BrandMark } from '#web/components/layout/brand.tsx';
import { Footer } from '#web/components/layout/footer.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { BackToMap, ProblemPage } from '#web/components/layout/problem-page.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { NotFoundPage } from '#web/pages/not-found-page.tsx';
import { useFloorDesks } from '../desks/index.ts';
import type { Floor } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { DeskCodesSheet } from './desk-codes-sheet.tsx';
import { sheetSummary } from './sheet.ts';
import { useSheetFloor } from './use-sheet-floor.ts';

/**
 * The address each code opens. PUBLIC_URL (src/server/config.ts) is not sent to the browser: no endpoint and not
 * index.html names it. The sheet is served from PUBLIC_URL (the mails' links and the front door lead there), so
 * the page's own origin is that address; an admin who opened Perch by another name (an internal host) prints codes
 * for that name, which is the address they can see works.
 */
function publicOrigin(): string {
  return window.location.origin;
}

function Sheet({ floor, organization }: { floor: Floor; organization: Organization }) {
  const desks = useFloorDesks(floor.id);
  const title = `Desk QR codes · ${floor.name} · ${organization.name}`;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  let body: ReactNode;
  if (desks.isPending) {
    body = (
      <p role="status" className="py-16 text-center text-slate-600">
        Loading the desks of {floor.name}…
      </p>
    );
  } else if (desks.isError) {
    body = (
      <RetryAlert
        className="mx-auto my-12 max-w-md rounded-xl bg-red-50 px-4 py-3 text-center text-red-800"
        messageClassName=""
        buttonClassName="mt-3"
        size="md"
        onRetry={() => void desks.refetch()}
      >
        {errorMessage(desks.error, `The desks of ${floor.name} could not be loaded.`)}
      </RetryAlert>
    );
  } else if (desks.data.length === 0) {
    body = (
      <div className="mx-auto my-12 max-w-md rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="text-slate-800">
          {floor.name} has no desks yet, so there are no codes to print. Add desks in Edit Mode on the map.
        </p>
      </div>
    );
  } else {
    body = (
      <DeskCodesSheet
        desks={desks.data}
        origin={publicOrigin()}
        floorName={floor.name}
        organizationName={organization.name}
      />
    );
  }
  const deskCount = desks.data?.length ?? 0;

  return (
    <div className="flex min-h-screen flex-col bg-slate-100 print:block print:min-h-0 print:bg-white">
      <header className="border-b border-slate-200 bg-white/95 backdrop-blur sm:sticky sm:top-0 sm:z-10 print:hidden">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3">
          <BrandMark className="size-8 shrink-0" />
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-semibold text-slate-900">Desk QR codes</h1>
            <p className="text-sm text-slate-600">
              {floor.name} · {organization.name}
              {deskCount > 0 && ` · ${sheetSummary(deskCount)}`}
            </p>
          </div>
          <nav aria-label="Sheet" className="flex basis-full flex-wrap gap-2 sm:basis-auto">
            <BackToMap />
            <Button onClick={() => window.print()} disabled={deskCount === 0}>
              <Printer className="size-4" aria-hidden="true" />
              Print
            </Button>
          </nav>
        </div>
        {deskCount > 0 && (
          <p className="mx-auto max-w-5xl px-4 pb-3 text-xs text-slate-600">
            Print on A4 at 100 % scale so that each code is 42 mm wide, then cut along the dashed lines. Each code opens
            its desk's page, where people check in or take the desk.
          </p>
        )}
      </header>
      <main className="flex-1">{body}</main>
      <div className="print:hidden">
        <Footer />
      </div>
    </div>
  );
}

/** /floors/:floorId/desk-codes: the printable QR codes of a floor's desks, for the floor's admins. */
export default function DeskCodesPage() {
  const { floorId = '' } = useParams<{ floorId: string }>();
  const found = useSheetFloor(floorId);
  switch (found.state) {
    case 'loading':
      return <PageLoading label="Loading the desk codes…" />;
    case 'error':
      return (
        <ProblemPage
          title="The desk codes could not be loaded"
          text={errorMessage(found.error, 'Please try again.')}
          onRetry={found.retry}
        />
      );
    case 'not-found':
      return <NotFoundPage />;
    case 'not-admin':
      return (
        <ProblemPage
          title="Admin Access Required"
          text={`Only admins of ${found.organization.name} can print the desk QR codes of ${found.floor.name}.`}
        />
      );
    case 'admin':
      return <Sheet floor={found.floor} organization={found.organization} />;
  }
}
