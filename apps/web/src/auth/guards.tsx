import { Navigate, Outlet } from 'react-router';
import { useReturnPath } from './return-path';
import { useAuth } from './auth-context';
import { NotAllowed } from '../components/NotAllowed';
import { LandingPage } from '../lazy-pages';

/** Protected routes show the landing page to visitors who are not signed in (its Sign in comes back here). */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <LandingPage />;
}

/** The admin area is for admins only. */
export function RequireAdmin() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <Outlet /> : <NotAllowed />;
}

/** Sign-in and sign-up pages send a signed-in user home, or back to the page they came from (?next=). */
export function RedirectIfSignedIn() {
  const { isAuthenticated } = useAuth();
  const next = useReturnPath();
  return isAuthenticated ? <Navigate to={next ?? '/'} replace /> : <Outlet />;
}
