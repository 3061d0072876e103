import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountMessages, forgotPasswordSchema } from '#domain/account.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useSendPasswordReset } from './send-password-reset.ts';

export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  const forgot = useSendPasswordReset();
  const { control, register, handleSubmit, reset } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = handleSubmit(
    ({ email }) =>
      forgot.mutate(email, {
        onSuccess: (answer) => {
          toast({ title: 'Check your email', description: answer.message });
          setOpen(false);
          reset();
        },
        onError: (error) => showErrorToast(error, 'Please try again'),
      }),
    ({ email }) =>
      toast(
        email?.message === accountMessages.missingInformation
          ? { title: 'Missing information', description: 'Please enter your email address.', variant: 'destructive' }
          : { title: 'Error', description: email?.message ?? 'Invalid input', variant: 'destructive' },
      ),
  );
  // The dialog sits beside the sign-in form's Password label: its submit must not bubble (through the portal, as
  // React events do) into the sign-in form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    void submit(event);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className="text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </button>
      </DialogTrigger>
      <DialogContent
        title="Forgot password"
        description="Enter the email address of your account and we will send you a link to reset your password."
      >
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormField control={control} name="email" id="forgot-email" label="Email" isErrorShown={false}>
            {(field) => <Input {...field} {...register('email')} type="email" autoComplete="email" />}
          </FormField>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
