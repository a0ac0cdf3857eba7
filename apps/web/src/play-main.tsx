import './play-build/mantine.css';
import '@mantine/notifications/styles.css';
import './a11y.css';
import { FRONTEND_BASE_PATH } from '@loci/domain';
import { useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './auth/AuthProvider';
import { NotFound } from './components/NotFound';
import { PageLoader } from './components/PageLoader';
import { setModalsGate } from './features/play/dialogs/modals-gate';
import { afterLoad, holdUntilFirstScreen } from './after-load';
import { isPlayerPath, PlayerRoutes, useLocation } from './play-build/router';
import { DeepLinkRedirect, PlayOrLobby } from './play-routes';
import { AppProviders } from './providers';
import { registerServiceWorker } from './pwa';
import { playerI18nReady } from './i18n/player';

// The web player's entry (play.html, which the server and the service worker answer for /fe/play/… and
// /fe/gameplay/…): the player's routes only, none of the console's layout, pages or providers, so that a play
// link opened on a phone loads little before its map. Any other path is the console's: a full load of it.
// Built by vite-play.config.ts alone, on Preact, with play-build/router.tsx as its router (this module imports
// it by name; the player's code imports it as 'react-router').

// Toasts (Mantine's notifications and their transitions) load with the first toast, which waits in the
// notifications store meanwhile.
const Toasts = lazy(() => import('./components/Toasts').then((module) => ({ default: module.Toasts })));

function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** A path of the console (sign in, home, the design workspace…): the console's own page, loaded in full. */
function ToConsole() {
  const { pathname, search, hash } = useLocation();
  const elsewhere = !isPlayerPath(pathname);
  useEffect(() => {
    if (elsewhere) window.location.assign(`${FRONTEND_BASE_PATH}${pathname}${search}${hash}`);
  }, [elsewhere, pathname, search, hash]);
  return elsewhere ? <PageLoader /> : <NotFound />;
}

// Mantine's modals host (Modal, its focus trap, scroll lock and transitions) mounts after the map, beside the
// routes: only the player's "Leave the game?" asks through it, and that waits for it (modals-gate.ts).
const ModalsHost = lazy(() => import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })));
let hostMounted: () => void = () => {};
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});
let hurryHost: () => void = () => {};
setModalsGate(() => {
  hurryHost();
  return hostReady;
});

/** Tells the gate the host is there: after the commit's effects, the provider's own listeners included. */
function HostMounted() {
  useEffect(() => {
    const timer = setTimeout(hostMounted, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

function LateModals() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    hurryHost = () => setWanted(true);
    return afterLoad(() => setWanted(true));
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ModalsHost>
        <HostMounted />
      </ModalsHost>
    </Suspense>
  ) : null;
}

function PlayRoutes() {
  return (
    <AuthProvider>
      <PlayerRoutes routes={{ play: <PlayOrLobby />, playDeepLink: <DeepLinkRedirect /> }} otherwise={<ToConsole />} />
      <LateModals />
    </AuthProvider>
  );
}

function PlayApp() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <AppProviders queryClient={queryClient} toasts={<ToastsWhenNeeded />}>
      <PlayRoutes />
    </AppProviders>
  );
}

// What comes "after load" (the header's menu, the modals host, the socket, the service worker's precaching) waits
// for the map or the lobby too: the player's code and Leaflet are lazy chunks, which the load event does not wait
// for, and on a slow phone they would share the link with those pieces.
holdUntilFirstScreen();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in play.html');

// A page opened in another language than English first loads its texts (English, the fallback, is in the bundle):
// the player speaks six (i18n/player.ts), the device's language preselected on a first visit.
void playerI18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <PlayApp />
    </StrictMode>,
  ),
);

afterLoad(registerServiceWorker, 0);
