import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '#domain/account.ts';
import { accountSettingsMessages, requestEmailChangeSchema } from '#domain/account-settings.ts';
import { ApiError, errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRequestEmailChange } from './request-email-change.ts';

/** Refusals about the address are said under it; the rest (a wrong password, too many tries) under the password. */
const isAboutTheAddress = (failure: unknown) =>
  failure instanceof ApiError &&
  (failure.status === 409 || failure.serverMessage === accountSettingsMessages.sameEmail);

/**
 * The account settings' address: a link goes to the new one, which changes nothing until it is followed; the current
 * password proves the person at the keyboard owns the account.
 */
export function EmailChangeForm({ user }: { user: PublicUser }) {
  const request = useRequestEmailChange();
  const { control, register, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(requestEmailChangeSchema),
    defaultValues: { newEmail: '', password: '' },
  });
  const submit = handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: (answer) => {
        toast({ title: 'Check your inbox', description: answer.message });
        reset();
      },
      onError: (failure) =>
        setError(isAboutTheAddress(failure) ? 'newEmail' : 'password', {
          message: errorMessage(failure, 'The change could not be requested. Please try again.'),
        }),
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate aria-labelledby="account-email-heading">
      <div>
        <h3 id="account-email-heading" className="text-sm font-semibold text-slate-900">
          Email address
        </h3>
        <p className="text-sm break-words text-slate-600">
          You sign in with <span className="font-medium text-slate-800">{user.email}</span>.
        </p>
      </div>
      <FormField
        control={control}
        name="newEmail"
        label="New email address"
        description="We send a link there; your address changes when you follow it."
      >
        {(field) => <Input {...field} {...register('newEmail')} type="email" autoComplete="email" />}
      </FormField>
      <FormField control={control} name="password" label="Your password">
        {(field) => <Input {...field} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send confirmation link'}
        </Button>
      </div>
    </form>
  );
}
