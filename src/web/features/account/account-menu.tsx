import { CalendarPlus, ChevronDown, Download, KeyRound, Trash2, UserCog } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { PublicUser } from '#domain/account.ts';
import { YourTeamsLabel } from '../teams/index.ts';
import { AccountSettingsDialog } from './account-settings-dialog.tsx';
import { CheckInRemindersItem } from './check-in-reminders-item.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { exportUrl } from './export-user-data.ts';

// Opened now and then from the menu: its own chunk, so the dashboard does not load it up front.
const CalendarFeedDialog = lazy(() =>
  import('./calendar-feed-dialog.tsx').then((module) => ({ default: module.CalendarFeedDialog })),
);
const PasskeysDialog = lazy(() =>
  import('../passkeys/passkeys-dialog.tsx').then((module) => ({ default: module.PasskeysDialog })),
);

function initials(user: PublicUser): string {
  const letters = [user.firstName?.[0], user.lastName?.[0]].filter(Boolean).join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/**
 * The user's avatar opens the account menu: the account settings (name, address, password), the calendar feed, passkeys, reminders, a copy of one's data, deleting the
 * account.
 */
export function AccountMenu({
  user,
  organizationId,
  organizationItems,
}: {
  user: PublicUser;
  /** The organization on screen: the menu names the person's teams in it (issue 29). */
  organizationId?: string;
  /** Items about the organization on screen (issue 29: the evening mail), with the menu's item look. */
  organizationItems?: (itemClass: string) => ReactNode;
}) {
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const [isPasskeysOpen, setIsPasskeysOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    setIsSettingsOpen(false);
    setIsDeleteOpen(false);
    setIsCalendarOpen(false);
    setIsPasskeysOpen(false);
    // The menu item that opened the dialog is gone: focus goes back to the menu's button.
    setTimeout(() => triggerRef.current?.focus(), 0);
  };
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label="Account menu"
          className="flex items-center gap-1 rounded-full p-0.5 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        >
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
          >
            {initials(user)}
          </span>
          <ChevronDown className="size-3.5 text-slate-500" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {/* On a phone the top bar has no room for the name and e-mail: the menu shows them. */}
            <DropdownMenu.Label className="px-2 py-1.5 sm:hidden">
              <span className="block text-sm font-medium text-slate-900">
                {user.firstName || user.email.split('@')[0]}
              </span>
              <span className="block text-xs break-all text-slate-600">{user.email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100 sm:hidden" />
            {organizationId && <YourTeamsLabel organizationId={organizationId} />}
            <DropdownMenu.Item className={itemClass} onSelect={() => setIsSettingsOpen(true)}>
              <UserCog className="size-4" aria-hidden="true" />
              Account settings
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setIsCalendarOpen(true)}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Add to calendar
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setIsPasskeysOpen(true)}>
              <KeyRound className="size-4" aria-hidden="true" />
              Passkeys
            </DropdownMenu.Item>
            <CheckInRemindersItem className={itemClass} />
            {organizationItems?.(itemClass)}
            <DropdownMenu.Item asChild className={itemClass}>
              <a href={exportUrl} download>
                <Download className="size-4" aria-hidden="true" />
                Download my data
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item
              className={`${itemClass} text-red-700 data-[highlighted]:bg-red-50`}
              onSelect={() => setIsDeleteOpen(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete account
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {isSettingsOpen && <AccountSettingsDialog user={user} onClose={closeDialog} />}
      {isDeleteOpen && <DeleteAccountDialog user={user} onClose={closeDialog} />}
      {isCalendarOpen && (
        <Suspense fallback={null}>
          <CalendarFeedDialog onClose={closeDialog} />
        </Suspense>
      )}
      {isPasskeysOpen && (
        <Suspense fallback={null}>
          <PasskeysDialog onClose={closeDialog} />
        </Suspense>
      )}
    </>
  );
}
