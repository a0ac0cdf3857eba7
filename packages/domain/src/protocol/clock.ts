import { z } from 'zod';

/** What an operator may do to an instance's clock (issue 28). */
export const CLOCK_CONTROLS = ['pause', 'resume', 'addTime', 'rate'] as const;
export type ClockControl = (typeof CLOCK_CONTROLS)[number];
/**
 * How fast a playtest's clock may run (issue 28): 1× (real time) to 20×. At N× a game minute lasts 60/N
 * seconds — time limits, named timers, tasks' limits and timed conditions alike; times of day stay real.
 */
export const CLOCK_RATES = { min: 1, max: 20 } as const;
/** The speeds the playtest offers. */
export const CLOCK_RATE_CHOICES = [1, 2, 5, 10, 20] as const;
/** The most minutes one addTime gives or takes (a day). */
export const MAX_ADDED_MINUTES = 24 * 60;
/**
 * The operator's clock event: pause/resume the whole instance, add (or take, negative) minutes for one player,
 * or (a playtest only, the server checks) run the instance's clock at `rate`×.
 */
export const clockEventSchema = z.object({
  type: z.literal('clock'),
  control: z.enum(CLOCK_CONTROLS),
  playerId: z.string().optional(),
  minutes: z.number().int().min(-MAX_ADDED_MINUTES).max(MAX_ADDED_MINUTES).optional(),
  rate: z.number().int().min(CLOCK_RATES.min).max(CLOCK_RATES.max).optional(),
});
export type ClockEvent = z.infer<typeof clockEventSchema>;

/** What a task's time limit is on (issue 28): a question or quiz (an interaction), or a mission. */
export type TimedTaskKind = 'interaction' | 'mission';
/** The key of a task's time limit in a player's clock and view (`clock.tasks`): `interaction:{id}`, `mission:{id}`. */
export const taskTimerKey = (kind: TimedTaskKind, id: string): string => `${kind}:${id}`;
