import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isLoaded, type PlaySession } from '../session/usePlaySession';

/** The query parameter a QR deep link opened by a phone's camera arrives in (`/play/{gameId}?code=gameplay/…`). */
export const SCANNED_CODE_PARAM = 'code';

/**
 * A QR deep link opened by a phone's camera (spec 3 §9) is sent once, as the
 * in-app scanner sends it (a 'code' event), as soon as the game plays; then it
 * leaves the address, so a reload does not send it again.
 */
export function useScannedLinkOnce(session: PlaySession): void {
  const [params, setParams] = useSearchParams();
  const code = params.get(SCANNED_CODE_PARAM);
  const loaded = isLoaded(session);
  const { send } = session;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!code || !loaded || sent.current === code) return;
    sent.current = code;
    send({ type: 'code', code });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SCANNED_CODE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [code, loaded, send, setParams]);
}
