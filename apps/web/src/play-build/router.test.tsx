import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Navigate, PlayerRoutes, useLocation, useParams, useSearchParams } from './router';

// The player's page's router (what its build reads as 'react-router'), here on React: the same hooks over the
// browser's history, for the player's routes only.

function Game() {
  const { gameId } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <p>game {gameId}</p>
      <p>code {params.get('code') ?? 'none'}</p>
      <p>state {JSON.stringify(location.state)}</p>
      <Link to="/play/g2">to g2</Link>
      <Link to="/login?next=%2Fplay%2Fg1">sign in</Link>
      <button type="button" onClick={() => setParams({}, { replace: true })}>
        drop code
      </button>
    </div>
  );
}

function DeepLink() {
  const { gameId, '*': rest } = useParams();
  return <Navigate to={`/play/${gameId}?code=${encodeURIComponent(`gameplay/${gameId}/${rest}`)}`} replace />;
}

function renderAt(url: string, state: unknown = null) {
  window.history.replaceState(state, '', url);
  return render(
    <PlayerRoutes routes={{ play: <Game />, playDeepLink: <DeepLink /> }} otherwise={<p>not the player</p>} />,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe("the player's page's router", () => {
  it('shows the route of the address with its parameters, and the state a navigation carried', () => {
    renderAt('/fe/play/g1?code=abc', { usr: { passcode: 'OPEN' }, key: 'k', idx: 0 });
    expect(screen.getByText('game g1')).toBeInTheDocument();
    expect(screen.getByText('code abc')).toBeInTheDocument();
    expect(screen.getByText('state {"passcode":"OPEN"}')).toBeInTheDocument();
  });

  it('follows a link to another game within the page, and back', async () => {
    renderAt('/fe/play/g1');
    const link = screen.getByRole('link', { name: 'to g2' });
    expect(link).toHaveAttribute('href', '/fe/play/g2');
    await userEvent.click(link);
    expect(window.location.pathname).toBe('/fe/play/g2');
    expect(screen.getByText('game g2')).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByText('game g1')).toBeInTheDocument();
  });

  it("leaves a link to the console's pages to the browser (a full load of the console)", () => {
    renderAt('/fe/play/g1');
    const link = screen.getByRole('link', { name: 'sign in' });
    expect(link).toHaveAttribute('href', '/fe/login?next=%2Fplay%2Fg1');
    // Seen after the page's own handler (React's, at its root), then stopped: jsdom does not load pages.
    let takenByPage: boolean | null = null;
    const watch = (event: Event) => {
      takenByPage = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', watch);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    window.removeEventListener('click', watch);
    expect(takenByPage).toBe(false);
    expect(window.location.pathname).toBe('/fe/play/g1');
  });

  it('replaces the address when the search parameters change with replace (a reload does not see them again)', async () => {
    renderAt('/fe/play/g1?code=abc');
    const before = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'drop code' }));
    expect(screen.getByText('code none')).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(before);
  });

  it('opens a QR deep link as the game with its code', () => {
    renderAt('/fe/gameplay/g7/object/o1');
    expect(screen.getByText('game g7')).toBeInTheDocument();
    expect(screen.getByText(`code gameplay/g7/object/o1`)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/fe/play/g7');
  });

  it("renders its fallback for a path that is none of the player's routes", () => {
    renderAt('/fe/play');
    expect(screen.getByText('not the player')).toBeInTheDocument();
  });
});
