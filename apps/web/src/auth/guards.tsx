import { Navigate, Outlet } from 'react-router';
import { useAuth } from './auth-context';
import { NotAllowed } from '../components/NotAllowed';
import { LandingPage } from '../lazy-pages';

/** Protected routes show the landing page to visitors who are not signed in. */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <LandingPage />;
}

/** The admin area is for admins only. */
export function RequireAdmin() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <Outlet /> : <NotAllowed />;
}

/** Sign-in and sign-up pages send a signed-in user home. */
export function RedirectIfSignedIn() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to="/" replace /> : <Outlet />;
}
