import { CircleCheck, Clock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { missedChecksAllowed, type SsoDomainStatus } from '#domain/sso.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CopyableValue } from '#web/components/ui/copyable-value.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { formatDomainTime } from './sso-words.ts';
import { useVerifySsoDomain } from './verify-sso-domain.ts';

const missedDays = ['no', 'one', 'two', 'three', 'four', 'five'][missedChecksAllowed] ?? String(missedChecksAllowed);

function DomainState({ status }: { status: SsoDomainStatus }) {
  if (status.verified) {
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        Verified
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      Waiting for its DNS record
    </span>
  );
}

/** One claimed domain: its state and, while it waits, the record to publish and a Verify button. */
function SsoDomainItem({
  organizationId,
  status,
  isToBeShown,
  onShown,
}: {
  organizationId: string;
  status: SsoDomainStatus;
  isToBeShown: boolean;
  onShown: () => void;
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!isToBeShown) return;
    itemRef.current?.scrollIntoView({ block: 'nearest' });
    onShown();
  }, [isToBeShown, onShown]);
  const verify = useVerifySsoDomain(organizationId);
  const [problem, setProblem] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const [atDomain, atPerch] = status.recordNames;

  const check = () => {
    // Cleared first, so that the same sentence given again is announced again.
    setProblem(null);
    verify.mutate(status.domain, {
      onSuccess: () => {
        toast({ title: `${status.domain} is verified` });
        // The Verify button goes away: the focus goes to the domain's new state rather than to the page.
        summaryRef.current?.focus();
      },
      onError: (error) => setProblem(errorMessage(error, 'Perch could not look for the record. Please try again.')),
    });
  };

  return (
    <li ref={itemRef} className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3">
      <div
        ref={summaryRef}
        tabIndex={-1}
        className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{status.domain}</span>
        <DomainState status={status} />
        {status.verified && status.verifiedAt && (
          <span className="basis-full text-sm text-slate-600">
            Verified on <time dateTime={status.verifiedAt}>{formatDomainTime(status.verifiedAt)}</time>
          </span>
        )}
      </div>
      {!status.verified && (
        <>
          <CopyableValue
            label={
              <>
                Add this TXT record at your DNS provider, at <span className="wrap-anywhere">{atDomain}</span> or at{' '}
                <span className="wrap-anywhere">{atPerch}</span>:
              </>
            }
            value={status.recordValue}
            copyLabel={`Copy the TXT record for ${status.domain}`}
            copiedTitle="TXT record copied"
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={check}
              disabled={verify.isPending}
              aria-label={`Verify ${status.domain}`}
              aria-describedby={problem ? `${id}-problem` : undefined}
            >
              {verify.isPending ? 'Looking for the record…' : 'Verify'}
            </Button>
            {status.checkedAt && (
              <span className="text-sm text-slate-600">
                Last checked <time dateTime={status.checkedAt}>{formatDomainTime(status.checkedAt)}</time>
              </span>
            )}
          </div>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </>
      )}
    </li>
  );
}

/** The saved connection's domains: single sign-on works only for one that is proven by its DNS record. */
export function SsoDomainList({
  organizationId,
  domainStatus,
  domainToShow,
  onDomainShown,
}: {
  organizationId: string;
  domainStatus: readonly SsoDomainStatus[];
  /** A domain to scroll into view (the first one left to prove, once saved). */
  domainToShow: string | null;
  onDomainShown: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 border-t border-slate-200 pt-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Domain verification
        </h3>
        <p className="text-sm text-slate-600">
          Single sign-on works only once a domain is verified. Perch checks again every day and stops accepting a domain
          whose record has been missing for {missedDays} days.
        </p>
      </div>
      <ul className="grid min-w-0 gap-3">
        {domainStatus.map((status) => (
          <SsoDomainItem
            key={status.domain}
            organizationId={organizationId}
            status={status}
            isToBeShown={status.domain === domainToShow}
            onShown={onDomainShown}
          />
        ))}
      </ul>
    </section>
  );
}
