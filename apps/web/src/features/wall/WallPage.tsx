import { PROTOCOL_VERSION, WALL_SOCKET, type PlayerClockView, type WallAnswer } from '@loci/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Socket } from 'socket.io-client';
import { isApiError } from '../../api/client';
import { wallApi } from '../../api/wall';
import { clockOffset, formatTimeLeft, timeLeftMs } from '../play/clock/countdown';
import { FeedList } from './FeedList';
import { Scoreboard, prefersReducedMotion } from './Scoreboard';
import { WallMap } from './WallMap';
import './locales';
import './wall.css';

/** How long each panel stays on screen in the rotating layout. */
export const ROTATE_MS = 15_000;
/** A read of the wall now and then even when the channel is quiet (a missed push costs at most this). */
const SAFETY_READ_MS = 30_000;

const wallKey = (token: string) => ['wall', token] as const;

/**
 * Listens on the wall's realtime channel (Socket.IO namespace /wall, with the link's token) and reads the wall
 * again on every `wallChanged`, on every (re)connection — so a screen that lost the network catches up by
 * itself — and when the browser says it is back online. Returns whether the channel is connected.
 */
function useWallChannel(token: string, refresh: () => void): boolean {
  const [connected, setConnected] = useState(true);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  useEffect(() => {
    let closed = false;
    let socket: Socket | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      socket = io(WALL_SOCKET.namespace, {
        path: '/socket.io',
        auth: { wallToken: token, protocolVersion: PROTOCOL_VERSION },
        transports: ['websocket'],
        reconnection: true,
        reconnectionDelay: 500,
        reconnectionDelayMax: 5000,
      });
      socket.on('connect', () => {
        setConnected(true);
        refreshRef.current();
      });
      socket.on('disconnect', (reason) => {
        setConnected(false);
        // The server closed it (the link was stopped or made again): read the wall, which says so, and retry.
        if (reason === 'io server disconnect') {
          refreshRef.current();
          setTimeout(() => socket?.connect(), 2000);
        }
      });
      socket.on('connect_error', () => setConnected(false));
      socket.on(WALL_SOCKET.changed, () => refreshRef.current());
    });
    const online = () => refreshRef.current();
    window.addEventListener('online', online);
    return () => {
      closed = true;
      window.removeEventListener('online', online);
      socket?.close();
    };
  }, [token]);
  return connected;
}

/** The time left for everyone, counting down each second from the server's last word. */
function WallCountdown({ wall }: { wall: WallAnswer }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const clock: PlayerClockView = {
    deadline: wall.endsAt,
    paused: wall.paused,
    leftMs: null,
    serverNow: wall.serverNow,
    timers: {},
  };
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(clockOffset({ ...clock }, Date.now())), [wall.serverNow]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (wall.ended) return <div className="wall-clock">{t('wall.ended')}</div>;
  if (!wall.endsAt) return <div className="wall-clock wall-clock-none">{t('wall.noLimit')}</div>;
  const left = wall.paused ? null : timeLeftMs(clock, now, offset);
  return (
    <div className="wall-clock" role="timer" aria-live="off" aria-label={t('wall.timeLeft')}>
      <span className="wall-clock-label">{t('wall.timeLeft')}</span>
      <span className="wall-clock-time">{wall.paused || left === null ? t('wall.paused') : formatTimeLeft(left)}</span>
    </div>
  );
}

type Panel = 'scoreboard' | 'feed' | 'map';

/**
 * The big screen of a projector link (/fe/wall/{token}; issue 29): made for 1920×1080, no sign-in, nothing
 * private. The scoreboard, the countdown, the feed and (when the organiser chose it) the teams on a map — all at
 * once, or one panel after another. Live over the wall's channel; catches up by itself after a network drop.
 */
export function WallPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: wallKey(token),
    queryFn: ({ signal }) => wallApi.wall(token, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
    refetchInterval: SAFETY_READ_MS,
    refetchOnWindowFocus: false,
  });
  const connected = useWallChannel(token, () => void client.invalidateQueries({ queryKey: wallKey(token) }));
  const wall = query.data;
  const panels: Panel[] = wall?.map ? ['scoreboard', 'feed', 'map'] : ['scoreboard', 'feed'];
  const [turn, setTurn] = useState(0);
  const rotating = wall?.layout === 'rotate';
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setTurn((n) => n + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  useEffect(() => {
    document.title = wall?.title ? `${wall.title} — ${t('wall.scoreboard')}` : t('wall.scoreboard');
  }, [wall?.title, t]);

  const broken = isApiError(query.error) && query.error.status === 404;
  if (broken || (!wall && query.isError)) {
    return (
      <main className="wall wall-broken">
        <h1>{t('wall.linkBroken')}</h1>
      </main>
    );
  }
  if (!wall) return <main className="wall" aria-busy="true" />;
  const shown = rotating ? [panels[turn % panels.length]!] : panels;
  const reduced = prefersReducedMotion();

  return (
    <main className={`wall wall-${rotating ? 'rotate' : 'grid'} wall-panels-${shown.length}`}>
      <header className="wall-header">
        <h1>{wall.title}</h1>
        {!connected && (
          <span className="wall-offline" role="status">
            {t('wall.offline')}
          </span>
        )}
        <WallCountdown wall={wall} />
      </header>
      {rotating && (
        <nav className="wall-tabs" aria-label={t('wall.panels')}>
          {panels.map((panel, index) => (
            <button
              type="button"
              key={panel}
              aria-current={panel === shown[0] ? 'true' : undefined}
              onClick={() => setTurn(index)}
            >
              {t(`wall.${panel}`)}
            </button>
          ))}
        </nav>
      )}
      <div className={`wall-body${reduced ? '' : ' wall-animated'}`}>
        {shown.includes('scoreboard') && (
          <section className="wall-panel wall-panel-scoreboard" aria-labelledby="wall-scoreboard-title">
            <h2 id="wall-scoreboard-title">{t('wall.scoreboard')}</h2>
            <Scoreboard entries={wall.scoreboard} scoredBy={wall.scoredBy} pointsName={wall.pointsName} />
          </section>
        )}
        {shown.includes('feed') && (
          <section className="wall-panel wall-panel-feed" aria-labelledby="wall-feed-title">
            <h2 id="wall-feed-title">{t('wall.feed')}</h2>
            <div aria-live="polite" aria-relevant="additions">
              <FeedList items={wall.feed} />
            </div>
          </section>
        )}
        {shown.includes('map') && wall.map && (
          <section className="wall-panel wall-panel-map" aria-labelledby="wall-map-title">
            <h2 id="wall-map-title">{t('wall.map')}</h2>
            <WallMap map={wall.map} />
          </section>
        )}
      </div>
    </main>
  );
}
