import type { Output, PlayEvent } from '@loci/domain';
import type { CompiledSpec, LatLng } from '@loci/engine';
import {
  answerFor,
  mulberry32,
  noisyFix,
  pointAlong,
  routeLength,
  WALKING_SPEED,
  type AnswerPolicy,
  type GpsNoise,
} from '@loci/engine/simulate';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Real milliseconds between two simulated fixes (at 20× a fix every 7 m of walk). */
export const TICK_MS = 250;
/** The most a fix moves from the last one (a slow server slows the walk down rather than letting it jump over a place). */
export const MAX_STEP_METRES = 10;

export type PlaybackStatus = 'idle' | 'playing' | 'waiting' | 'done' | 'over';

export interface PlaybackOptions {
  route: readonly LatLng[];
  /** 1–20: how many times faster than walking (1.4 m/s). */
  speed: number;
  noise: GpsNoise | null;
  policy: AnswerPolicy;
  seed: number;
  /** The working spec compiled (what the policies read); answers wait for it. */
  compiled: CompiledSpec | null;
  /** What waits for the player's answer now. */
  dialog: Output | null | undefined;
  busy: boolean;
  /** The game is over for the player: the walk stops. */
  ended: boolean;
  moveTo: (lat: number, lng: number, accuracy?: number) => void;
  send: (event: PlayEvent) => void;
}

const dialogKey = (output: Output) =>
  [output.action, output.interactionId, output.objectId, output.statementId, output.attemptsLeft].join('|');

/**
 * Plays a route in the playtest: every tick moves the walker along it at the
 * speed (through the player's own position, so the engine's GPS gating sees
 * the fixes), with the noise; a dialog stops the walk until it is answered —
 * by the designer with the 'stop' policy, else by the policy.
 */
export function useRoutePlayback(options: PlaybackOptions) {
  const [status, setStatus] = useState<PlaybackStatus>('idle');
  const [walked, setWalked] = useState(0);
  const latest = useRef(options);
  const run = useRef<{ distance: number; at: number; random: () => number; answered: Set<string> } | null>(null);
  useEffect(() => {
    latest.current = options;
  });

  const play = useCallback(() => {
    const { route, seed } = latest.current;
    if (route.length < 2) return;
    run.current = { distance: 0, at: Date.now(), random: mulberry32(seed), answered: new Set() };
    setWalked(0);
    setStatus('playing');
  }, []);
  const stop = useCallback(() => {
    run.current = null;
    setStatus('idle');
  }, []);

  /** Answers the dialog by the policy; false when it must wait for the designer. */
  const answer = useCallback((dialog: Output): boolean => {
    const { compiled, policy, send, busy } = latest.current;
    const current = run.current;
    if (!current || !compiled || busy) return false;
    const key = dialogKey(dialog);
    const event = answerFor(
      compiled,
      dialog,
      policy,
      (_quiz, questionId) => !current.answered.has(`${key}|${questionId}`),
    );
    if (!event) return false;
    // Each answer once: a dialog still shown after it waits for the designer.
    const sent = `${key}|${event.type === 'answer' ? event.questionId : ''}`;
    if (current.answered.has(sent)) return false;
    current.answered.add(sent);
    send(event as PlayEvent);
    return true;
  }, []);

  useEffect(() => {
    if (status !== 'playing' && status !== 'waiting') return;
    const timer = setInterval(() => {
      const current = run.current;
      const { route, speed, noise, dialog, busy, ended, moveTo } = latest.current;
      if (!current) return;
      if (ended) {
        run.current = null;
        setStatus('over');
        return;
      }
      const now = Date.now();
      if (dialog) {
        answer(dialog);
        setStatus('waiting');
        current.at = now;
        return;
      }
      setStatus('playing');
      // One fix at a time: the next goes when the server has answered the last, as far as the time since allows.
      if (busy) return;
      const length = routeLength(route);
      const step = Math.min(MAX_STEP_METRES, (WALKING_SPEED * speed * (now - current.at)) / 1000);
      current.at = now;
      current.distance = Math.min(length, current.distance + step);
      const fix = noisyFix(pointAlong(route, current.distance), noise, current.random);
      moveTo(fix.latitude, fix.longitude, fix.accuracy);
      setWalked(current.distance);
      if (current.distance >= length) {
        run.current = null;
        setStatus('done');
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [status, answer]);

  return { status, walked, play, stop };
}
