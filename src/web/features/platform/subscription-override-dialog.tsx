import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { OrganizationOverview } from '../../../domain/organization.ts';
import { overridePresets } from '../../../domain/plans.ts';
import { overrideSchema } from '../../../domain/subscription.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatUsers } from '../subscriptions/subscription-words.ts';
import { useApplyOverride } from './apply-override.ts';
import { useRemoveOverride } from './remove-override.ts';

type PresetId = (typeof overridePresets)[number]['id'];
type FieldName = 'planName' | 'maxUsers';

const selectClass = cn(
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
);

/** Starts from the override in force (a preset by its name, else Custom), else from the current plan's tier. */
function initialForm(organization: OrganizationOverview) {
  const { subscription } = organization;
  const preset = overridePresets.find((item) => !item.isCustom && item.name === subscription.plan);
  if (subscription.isOverridden && !preset) {
    return {
      presetId: 'custom' as PresetId,
      customName: subscription.plan ?? '',
      customMaxUsers: String(subscription.maxUsers),
    };
  }
  return { presetId: (preset?.id ?? overridePresets[0].id) as PresetId, customName: '', customMaxUsers: '' };
}

const showError = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** Spec section 5, Override: a preset tier with its fixed limit, or a custom name and limit; reason optional. */
export function SubscriptionOverrideDialog({
  organization,
  onClose,
}: {
  organization: OrganizationOverview;
  onClose: () => void;
}) {
  const id = useId();
  const apply = useApplyOverride();
  const remove = useRemoveOverride();
  const [form, setForm] = useState(() => initialForm(organization));
  const [reason, setReason] = useState(organization.subscription.overrideReason ?? '');
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const preset = overridePresets.find((item) => item.id === form.presetId) ?? overridePresets[0];
  const isBusy = apply.isPending || remove.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = overrideSchema.safeParse({
      planName: preset.isCustom ? form.customName : preset.name,
      maxUsers: preset.isCustom ? form.customMaxUsers : preset.maxUsers,
      reason,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'planName' || field === 'maxUsers') && !found[field]) found[field] = issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    apply.mutate(
      { organizationId: organization.id, input: parsed.data },
      {
        onSuccess: (answer) => {
          toast({ title: 'Override applied', description: `${organization.name}: ${answer.message}` });
          onClose();
        },
        onError: (error) => showError(errorMessage(error, 'Failed to apply override')),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(organization.id, {
      onSuccess: (answer) => {
        toast({ title: 'Override removed', description: `${organization.name}: ${answer.message}` });
        onClose();
      },
      onError: (error) => showError(errorMessage(error, 'Failed to remove override')),
    });

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(problems[name]),
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Subscription Override"
        description={`Set the plan and user limit of ${organization.name} by hand. It replaces what the organization pays for until removed.`}
        size="lg"
      >
        {organization.subscription.isOverridden && (
          <p className="flex items-start gap-2 rounded-lg bg-violet-50 p-3 text-sm text-violet-900 ring-1 ring-violet-200">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Overridden now: {organization.subscription.plan ?? 'no plan'},{' '}
              {formatUsers(organization.subscription.maxUsers)} users
              {organization.subscription.overrideReason ? ` (${organization.subscription.overrideReason})` : ''}.
            </span>
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-preset`}>Plan</Label>
            <select
              id={`${id}-preset`}
              value={form.presetId}
              onChange={(event) => {
                setForm((current) => ({ ...current, presetId: event.target.value as PresetId }));
                setProblems({});
              }}
              className={selectClass}
            >
              {overridePresets.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.isCustom ? 'Custom' : `${item.name} · ${formatUsers(item.maxUsers)} users`}
                </option>
              ))}
            </select>
          </div>
          {preset.isCustom ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-planName`}>Plan name</Label>
                <Input
                  {...field('planName')}
                  value={form.customName}
                  maxLength={100}
                  placeholder="Enterprise partner"
                  onChange={(event) => setForm((current) => ({ ...current, customName: event.target.value }))}
                />
                <FieldError id={`${id}-planName-error`} message={problems.planName} />
              </div>
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-maxUsers`}>Max users</Label>
                <Input
                  {...field('maxUsers')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={form.customMaxUsers}
                  placeholder="250"
                  onChange={(event) => setForm((current) => ({ ...current, customMaxUsers: event.target.value }))}
                />
                <FieldError id={`${id}-maxUsers-error`} message={problems.maxUsers} />
              </div>
            </div>
          ) : (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              {preset.name} allows up to <strong>{formatUsers(preset.maxUsers)} users</strong>.
            </p>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>
              Reason <span className="font-normal text-slate-500">(optional)</span>
            </Label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Partner agreement, pilot, non-profit discount…"
              className={cn(
                'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
                'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
              )}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
            {organization.subscription.isOverridden ? (
              <Button
                type="button"
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                disabled={isBusy}
                onClick={onRemove}
              >
                <ShieldOff className="size-4" aria-hidden="true" />
                {remove.isPending ? 'Removing…' : 'Remove override'}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={isBusy}>
                {apply.isPending ? 'Applying…' : 'Apply override'}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
