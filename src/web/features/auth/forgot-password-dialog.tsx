import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useForgotPassword } from './api.ts';

export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Missing information', description: 'Please enter your email address.', variant: 'destructive' });
      return;
    }
    forgot.mutate(email, {
      onSuccess: (answer) => {
        toast({ title: 'Check your email', description: answer.message });
        setOpen(false);
        setEmail('');
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
    });
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
          <div className="grid gap-1.5">
            <Label htmlFor="forgot-email">Email</Label>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
