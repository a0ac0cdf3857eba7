import { domainTextRef, PROBLEM_MESSAGES, type GameSpec } from '@loci/domain';
import { checkGame, type Problem } from '@loci/engine/problems';
import { AppError } from '../../lib/errors.js';

/** The message of a publish refused for the design's errors. */
export const publishBlockedMessage = PROBLEM_MESSAGES.publishBlocked;

/**
 * Refuses to publish a design with errors (the Problems panel's checker):
 * a 409 whose field errors list each error (`problems.{n}`), with the
 * findings themselves in `problems` for the console to list and link (each
 * with its `messageKey` and `params`: a Greek answer says them in Greek).
 * Warnings and infos never block; the console shows them before publishing.
 */
export function assertPublishable(spec: GameSpec): void {
  const errors: Problem[] = checkGame(spec).filter((problem) => problem.severity === 'error');
  if (errors.length === 0) return;
  throw new AppError('CONFLICT', domainTextRef('PROBLEM_MESSAGES', 'publishBlocked', errors.length), {
    errors: Object.fromEntries(errors.map((problem, index) => [`problems.${index}`, problem.message])),
    extra: { problems: errors },
  });
}
