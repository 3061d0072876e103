import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { OrganizationOverview } from '#domain/organization.ts';
import { overridePresets } from '#domain/plans.ts';
import { type OverrideFormFields, overrideFormSchema } from '#domain/subscription.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { formatUsers } from '../subscriptions/index.ts';
import { useApplyOverride } from './apply-override.ts';
import { useRemoveOverride } from './remove-override.ts';

const presetOf = (presetId: string) => overridePresets.find((item) => item.id === presetId) ?? overridePresets[0];

const selectClass = cn(
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
);

/** Starts from the override in force (a preset by its name, else Custom), else from the current plan's tier. */
function initialFields(organization: OrganizationOverview): OverrideFormFields {
  const { subscription } = organization;
  const reason = subscription.overrideReason ?? '';
  const preset = overridePresets.find((item) => !item.isCustom && item.name === subscription.plan);
  if (subscription.isOverridden && !preset) {
    return { presetId: 'custom', planName: subscription.plan ?? '', maxUsers: String(subscription.maxUsers), reason };
  }
  return { presetId: preset?.id ?? overridePresets[0].id, planName: '', maxUsers: '', reason };
}

/** Spec section 5, Override: a preset tier with its fixed limit, or a custom name and limit; reason optional. */
export function SubscriptionOverrideDialog({
  organization,
  onClose,
}: {
  organization: OrganizationOverview;
  onClose: () => void;
}) {
  const apply = useApplyOverride();
  const remove = useRemoveOverride();
  // Problems are said on submit and stay until the next one, or until another preset is chosen.
  const { control, register, handleSubmit, watch, clearErrors } = useForm({
    resolver: zodResolver(overrideFormSchema),
    defaultValues: initialFields(organization),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const preset = presetOf(watch('presetId'));
  const isBusy = apply.isPending || remove.isPending;

  const onSubmit = handleSubmit((input) =>
    apply.mutate(
      { organizationId: organization.id, input },
      {
        onSuccess: (answer) => {
          toast({ title: 'Override applied', description: `${organization.name}: ${answer.message}` });
          onClose();
        },
        onError: (error) => showErrorToast(error, 'Failed to apply override'),
      },
    ),
  );

  const onRemove = () =>
    remove.mutate(organization.id, {
      onSuccess: (answer) => {
        toast({ title: 'Override removed', description: `${organization.name}: ${answer.message}` });
        onClose();
      },
      onError: (error) => showErrorToast(error, 'Failed to remove override'),
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
          <FormField control={control} name="presetId" label="Plan">
            {(field) => (
              <select {...field} {...register('presetId', { onChange: () => clearErrors() })} className={selectClass}>
                {overridePresets.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.isCustom ? 'Custom' : `${item.name} · ${formatUsers(item.maxUsers)} users`}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {preset.isCustom ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField control={control} name="planName" label="Plan name" className="content-start">
                {(field) => (
                  <Input {...field} {...register('planName')} maxLength={100} placeholder="Enterprise partner" />
                )}
              </FormField>
              <FormField control={control} name="maxUsers" label="Max users" className="content-start">
                {(field) => (
                  <Input
                    {...field}
                    {...register('maxUsers')}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    placeholder="250"
                  />
                )}
              </FormField>
            </div>
          ) : (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              {preset.name} allows up to <strong>{formatUsers(preset.maxUsers)} users</strong>.
            </p>
          )}
          <FormField
            control={control}
            name="reason"
            label={
              <>
                Reason <span className="font-normal text-slate-500">(optional)</span>
              </>
            }
          >
            {(field) => (
              <textarea
                {...field}
                {...register('reason')}
                rows={2}
                maxLength={500}
                placeholder="Partner agreement, pilot, non-profit discount…"
                className={cn(
                  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
                  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
                )}
              />
            )}
          </FormField>
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
              <DialogCancel />
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
