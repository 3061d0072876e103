import { ApiError } from '../app/api.ts';
import { CardPage } from '../components/layout/card-page.tsx';
import { PageLoading } from '../components/layout/page-loading.tsx';
import { Button } from '../components/ui/button.tsx';
import { DeskHere, DeskNotFound, useDeskHere } from '../features/desk-here/index.ts';
import { useCurrentUser } from '../features/session/index.ts';

/** /desk/{deskId}: the page a desk's QR code opens (issue 16). Signed-in only; the router sends others to sign in. */
export function DeskHerePage({ params }: { params: { deskId: string } }) {
  const { user } = useCurrentUser();
  const here = useDeskHere(params.deskId);
  if (!user || here.isPending) return <PageLoading label="Loading the desk…" />;
  if (here.isError) {
    if (here.error instanceof ApiError && here.error.status === 404) return <DeskNotFound email={user.email} />;
    return (
      <CardPage>
        <div role="alert">
          <h1 className="text-xl font-bold text-slate-900">The desk could not be loaded.</h1>
          <p className="mt-2 text-sm text-slate-600">Check your connection and try again.</p>
        </div>
        <Button className="mt-5" onClick={() => void here.refetch()}>
          Try again
        </Button>
      </CardPage>
    );
  }
  return <DeskHere view={here.data} userId={user.id} />;
}

export default DeskHerePage;
