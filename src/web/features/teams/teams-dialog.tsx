import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useListAndForms } from '#web/lib/use-list-and-forms.ts';
import { useBookingRules } from '../booking-rules/index.ts';
import { membersQuery } from '../team/index.ts';
import { type Team, useTeams } from './list-teams.ts';
import { TeamForm } from './team-form.tsx';
import { TeamList, teamEditButtonId, teamPeopleButtonId } from './team-list.tsx';
import { TeamPeopleForm } from './team-people-form.tsx';

const addTeamButtonId = 'add-team';

/** What the dialog shows: the list, the form for a new team or one of them, or who is in one. */
type View = { type: 'list' } | { type: 'add' } | { type: 'edit'; team: Team } | { type: 'people'; team: Team };

/**
 * Admins: the organization's teams (issue 29), each with a colour, its people and, if it has them, booking limits of
 * its own. The list and the forms take turns in one dialog, as in Sites; focus goes to the form's first field, and
 * back to the button that opened it.
 */
export function TeamsDialog({ organization, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const teams = useTeams(organization.id);
  const rules = useBookingRules(organization.id);
  const { view, setView, showList } = useListAndForms<View>(addTeamButtonId);
  const members = useQuery({ ...membersQuery(organization.id), enabled: view.type === 'people' });

  let body: React.ReactNode;
  if (teams.isPending) body = <p role="status">Loading teams…</p>;
  else if (teams.isError) body = <p role="alert">{errorMessage(teams.error, 'The teams could not be loaded.')}</p>;
  else if (view.type === 'list') {
    body = (
      <>
        <TeamList
          organizationId={organization.id}
          teams={teams.data}
          rules={rules.data}
          onEdit={(team) => setView({ type: 'edit', team })}
          onPeople={(team) => setView({ type: 'people', team })}
          onDeleted={() => showList(addTeamButtonId)}
        />
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button id={addTeamButtonId} variant="secondary" onClick={() => setView({ type: 'add' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add team
          </Button>
        </div>
      </>
    );
  } else if (view.type === 'people') {
    const { team } = view;
    body = (
      <section aria-labelledby="team-form-heading" className="grid gap-4">
        <h3 id="team-form-heading" className="text-base font-semibold text-slate-900">
          {`People in ${team.name}`}
        </h3>
        {members.isPending && <p role="status">Loading members…</p>}
        {members.isError && <p role="alert">{errorMessage(members.error, 'The members could not be loaded.')}</p>}
        {members.data && (
          <TeamPeopleForm
            organizationId={organization.id}
            team={team}
            members={members.data}
            onDone={() => showList(teamPeopleButtonId(team.id))}
            onCancel={() => showList(teamPeopleButtonId(team.id))}
          />
        )}
      </section>
    );
  } else {
    const team = view.type === 'edit' ? view.team : null;
    body = (
      <section aria-labelledby="team-form-heading" className="grid gap-4">
        <h3 id="team-form-heading" className="text-base font-semibold text-slate-900">
          {team ? `Edit ${team.name}` : 'Add team'}
        </h3>
        <TeamForm
          organizationId={organization.id}
          team={team}
          teams={teams.data}
          rules={rules.data}
          onDone={(teamId) => showList(team ? teamEditButtonId(teamId) : teamPeopleButtonId(teamId))}
          onCancel={() => showList(team ? teamEditButtonId(team.id) : addTeamButtonId)}
        />
      </section>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Teams"
        description={`The teams of ${organization.name}. A person can be in several; a team can have booking limits of its own.`}
        size="xl"
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
