import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { deskHereMessages } from '#domain/desk-here.ts';
import { CardPage } from '#web/components/layout/card-page.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { signOut } from '#web/features/session/index.ts';

/** A desk of no organization of the person's (or none at all): nothing about it, not even whose it is. */
export function DeskNotFound({ email }: { email: string }) {
  return (
    <CardPage>
      <div>
        <SearchX className="size-8 text-slate-500" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{deskHereMessages.notFound}</h1>
        <p className="mt-3 text-sm text-slate-600">{deskHereMessages.notFoundHint}</p>
        <p className="mt-3 text-sm text-slate-600">Signed in as {email}.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/">Go to your dashboard</Link>
          </Button>
          <Button variant="secondary" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </div>
    </CardPage>
  );
}
