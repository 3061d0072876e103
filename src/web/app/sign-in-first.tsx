import { Redirect, useLocation, useSearchParams } from 'wouter';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { returnPathFrom, returnToParameter, signInAddress } from './return-address.ts';

/** A signed-out visitor of a page that needs a person goes to sign in, and comes back here afterwards. */
export function SignInFirst() {
  const [location] = useLocation();
  return <Redirect to={signInAddress(location)} replace />;
}

/**
 * /auth once signed in: back to the page that sent the visitor to sign in (its `returnTo`), in place of the sign-in
 * page in the history. Without one, /auth is not a signed-in route: the not-found screen, as before.
 */
export function BackAfterSignIn() {
  const [searchParams] = useSearchParams();
  const returnTo = returnPathFrom(searchParams.get(returnToParameter));
  return returnTo ? <Redirect to={returnTo} replace /> : <NotFoundPage />;
}
