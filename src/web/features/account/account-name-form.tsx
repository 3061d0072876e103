import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '#domain/account.ts';
import { updateNameSchema } from '#domain/account-settings.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useUpdateName } from './update-name.ts';

const fields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

/** The account settings' name: saved at once, shown in the top bar as soon as the server answers. */
export function AccountNameForm({ user }: { user: PublicUser }) {
  const update = useUpdateName();
  const { control, register, handleSubmit, setError } = useForm({
    resolver: zodResolver(updateNameSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const submit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => toast({ title: 'Name saved', description: 'Your name has been saved.' }),
      onError: (failure) =>
        setError('firstName', { message: errorMessage(failure, 'Your name could not be saved. Please try again.') }),
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate aria-labelledby="account-name-heading">
      <h3 id="account-name-heading" className="text-sm font-semibold text-slate-900">
        Name
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(({ name, label, autoComplete }) => (
          <FormField key={name} control={control} name={name} label={label}>
            {(field) => <Input {...field} {...register(name)} autoComplete={autoComplete} maxLength={100} />}
          </FormField>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
