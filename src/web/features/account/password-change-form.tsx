import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountMessages } from '#domain/account.ts';
import { changePasswordFormSchema } from '#domain/account-settings.ts';
import { ApiError, errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useChangePassword } from './change-password.ts';

const fields = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** The account settings' password: the other browsers signed in are signed out, this one stays. */
export function PasswordChangeForm() {
  const change = useChangePassword();
  const { control, register, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password changed', description: answer.message });
          reset();
        },
        onError: (failure) => {
          const message = errorMessage(failure, 'Your password could not be changed. Please try again.');
          const isAboutTheNew =
            failure instanceof ApiError && message.includes(accountMessages.registerPasswordTooShort);
          setError(isAboutTheNew ? 'newPassword' : 'currentPassword', { message });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate aria-labelledby="account-password-heading">
      <h3 id="account-password-heading" className="text-sm font-semibold text-slate-900">
        Password
      </h3>
      {fields.map(({ name, label, autoComplete }) => (
        <FormField
          key={name}
          control={control}
          name={name}
          label={label}
          description={name === 'newPassword' ? 'At least 8 characters.' : undefined}
        >
          {(field) => <Input {...field} {...register(name)} type="password" autoComplete={autoComplete} />}
        </FormField>
      ))}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
