import type { PublicUser } from '#domain/account.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { AccountNameForm } from './account-name-form.tsx';
import { EmailChangeForm } from './email-change-form.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';

/** Issue 27: one's name, e-mail address and password, each saved on its own. */
export function AccountSettingsDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Account settings" description="Your name, email address and password." size="lg">
        <div className="grid divide-y divide-slate-200 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
          <AccountNameForm user={user} />
          <EmailChangeForm user={user} />
          <PasswordChangeForm />
        </div>
      </DialogContent>
    </Dialog>
  );
}
