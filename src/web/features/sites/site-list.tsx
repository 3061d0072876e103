import { CalendarDays, Clock, Layers, MapPin, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { describeWorkingDays, siteMessages } from '#domain/sites.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { useDeleteSite } from './delete-site.ts';
import type { Site } from './list-sites.ts';
import { localTimeNow } from './time-zone-options.ts';

/** The ids the dialog hands focus back to when it shows the list again. */
export const siteEditButtonId = (siteId: string) => `site-edit-${siteId}`;

/** Why a site cannot be deleted, before anyone tries: the server's own sentences. */
function deleteBlocker(site: Site, siteCount: number): string | null {
  if (site.floorCount > 0) return siteMessages.hasFloors(site.name, site.floorCount);
  if (siteCount <= 1) return siteMessages.lastSite;
  return null;
}

function SiteFact({ icon: Icon, children }: { icon: typeof Clock; children: string }) {
  return (
    <p className="flex min-w-0 items-start gap-2 text-sm text-slate-700">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="min-w-0 wrap-break-word">{children}</span>
    </p>
  );
}

/**
 * The organization's sites, each with its zone and local time, hours, working days and floors, and Edit and Delete. A
 * site with floors, or the only one, says why it cannot be deleted when Delete is pressed; the server's refusal, if it
 * still refuses (a floor added meanwhile), is said in the same place.
 */
export function SiteList({
  organizationId,
  sites,
  onEdit,
  onDeleted,
}: {
  organizationId: string;
  sites: readonly Site[];
  onEdit: (site: Site) => void;
  onDeleted: () => void;
}) {
  const now = useMinuteClock();
  const remove = useDeleteSite(organizationId);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [notice, setNotice] = useState<{ siteId: string; message: string } | null>(null);

  const onDelete = (site: Site) =>
    remove.mutate(site.id, {
      onSuccess: (answer) => {
        toast({ title: 'Site deleted', description: answer.message });
        onDeleted();
      },
      onError: (error) => setNotice({ siteId: site.id, message: errorMessage(error, 'Failed to delete the site') }),
    });

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Sites">
        {sites.map((site) => {
          const blocker = deleteBlocker(site, sites.length);
          const noticeId = `site-notice-${site.id}`;
          const hasNotice = notice?.siteId === site.id;
          return (
            <li key={site.id} className="grid gap-2 py-4 first:pt-0">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                <div className="min-w-0 flex-1">
                  <h4 className="font-semibold wrap-break-word text-slate-900">{site.name}</h4>
                  {site.address && (
                    <p className="mt-0.5 flex items-start gap-2 text-sm text-slate-600">
                      <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                      <span className="min-w-0 wrap-break-word">{site.address}</span>
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <Button
                    id={siteEditButtonId(site.id)}
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${site.name}`}
                    onClick={() => onEdit(site)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    // A site that cannot go looks muted; pressing Delete still says why, to everyone.
                    className={blocker ? 'text-slate-600' : 'text-red-700 hover:bg-red-50'}
                    aria-label={`Delete ${site.name}`}
                    aria-describedby={hasNotice ? noticeId : undefined}
                    disabled={remove.isPending}
                    onClick={() => (blocker ? setNotice({ siteId: site.id, message: blocker }) : setDeleting(site))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </div>
              <div className="grid gap-1 sm:grid-cols-2 sm:gap-x-4">
                <SiteFact icon={Clock}>{`${site.timeZone} · ${localTimeNow(site.timeZone, now)}`}</SiteFact>
                <SiteFact icon={Layers}>{site.floorCount === 1 ? '1 floor' : `${site.floorCount} floors`}</SiteFact>
                <SiteFact icon={CalendarDays}>
                  {`${site.dayStart}–${site.midday}–${site.dayEnd}, ${describeWorkingDays(site.workingDays)}`}
                </SiteFact>
              </div>
              {hasNotice && (
                <p id={noticeId} role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  {notice.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete site?'}
        description={
          deleting ? `${deleting.name} and its hours are removed. It has no floors, so no desk or booking is lost.` : ''
        }
        confirmLabel="Delete site"
        onConfirm={() => deleting && onDelete(deleting)}
      />
    </>
  );
}
