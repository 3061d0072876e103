import { Plus } from 'lucide-react';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useListAndForms } from '#web/lib/use-list-and-forms.ts';
import { type Site, useSites } from './list-sites.ts';
import { SiteForm } from './site-form.tsx';
import { SiteList, siteEditButtonId } from './site-list.tsx';

const addSiteButtonId = 'add-site';

/** What the dialog shows: the list, or the form for a new site or for one of them. */
type View = { type: 'list' } | { type: 'add' } | { type: 'edit'; site: Site };

/**
 * Admins: the organization's sites (issue 28), its offices, each with its own time zone, office hours and working
 * days. The list and the form take turns in one dialog; the form's name field has the focus when it opens, and the
 * button that opened it has it again when the list comes back.
 */
export function SitesDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const sites = useSites(organization.id);
  const { view, setView, showList } = useListAndForms<View>(addSiteButtonId);

  let body: React.ReactNode;
  if (sites.isPending) body = <p role="status">Loading sites…</p>;
  else if (sites.isError) body = <p role="alert">{errorMessage(sites.error, 'The sites could not be loaded.')}</p>;
  else if (view.type === 'list') {
    body = (
      <>
        <SiteList
          organizationId={organization.id}
          sites={sites.data}
          onEdit={(site) => setView({ type: 'edit', site })}
          onDeleted={() => showList(addSiteButtonId)}
        />
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button id={addSiteButtonId} variant="secondary" onClick={() => setView({ type: 'add' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add site
          </Button>
        </div>
      </>
    );
  } else {
    const site = view.type === 'edit' ? view.site : null;
    body = (
      <section aria-labelledby="site-form-heading" className="grid gap-4">
        <h3 id="site-form-heading" className="text-base font-semibold text-slate-900">
          {site ? `Edit ${site.name}` : 'Add site'}
        </h3>
        <SiteForm
          organizationId={organization.id}
          site={site}
          defaultTimeZone={sites.data[0]?.timeZone ?? organization.timeZone}
          onDone={(siteId) => showList(siteEditButtonId(siteId))}
          onCancel={() => showList(site ? siteEditButtonId(site.id) : addSiteButtonId)}
        />
      </section>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Sites"
        description={`The offices of ${organization.name}. Each has its own time zone, office hours and working days; floors belong to a site.`}
        size="xl"
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
