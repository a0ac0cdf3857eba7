import type { EngineErrorCode } from './types.js';

/** A programmer error: the engine was called wrongly (unknown player, invalid clock). Player input never throws. */
export class EngineError extends Error {
  override name = 'EngineError';
}

/** The texts of refusals, written once (the app shows them as they are). */
export const ENGINE_MESSAGES: Record<EngineErrorCode, string> = {
  INVALID_EVENT: 'This request is not understood',
  NOT_STARTED: 'The game has not started yet',
  GAME_NOT_ACTIVE: 'This game is no longer active',
  GAME_OVER: 'The game is over for you',
  PAUSED: 'The game is paused',
  LEFT_GAME: 'You have left this game',
  UNKNOWN_OBJECT: 'There is no such object here',
  NOT_PERCEIVED: 'You cannot see this object',
  OUT_OF_RANGE: 'You are too far away',
  NOT_CONTACTABLE: 'This place cannot be contacted',
  CONDITION_NOT_MET: 'You cannot do this now',
  NOT_PICKABLE: 'This object cannot be picked',
  NOT_DROPPABLE: 'This object cannot be dropped',
  NOT_DESTROYABLE: 'This object cannot be destroyed',
  NOT_CREATABLE: 'Players cannot make objects of this type',
  NOT_REDEEMABLE: 'This offer cannot be redeemed',
  NOT_OWNED: 'You do not have this',
  QUANTITY_EXHAUSTED: 'Sorry, none left',
  LIMIT_REACHED: 'You have reached the limit for now',
  NOT_ENOUGH_CURRENCY: 'You cannot afford this',
  NOT_FOR_SALE: 'This cannot be bought',
  NOT_AFTER_END: 'The game is over: its end policies do not allow this',
  INVALID_PAYLOAD: 'Some required fields are missing',
  UNKNOWN_INTERACTION: 'There is no such interaction',
  NOT_ASKED: 'This has not been asked',
  INVALID_ANSWER: 'This answer is not valid',
  NOT_CURRENT_STATEMENT: 'This is not the current statement of the conversation',
  UNKNOWN_OPTION: 'There is no such option',
  UNKNOWN_MISSION: 'There is no such mission',
  NOT_ASSIGNED: 'This mission is not assigned to you',
  NOT_SUBMITTABLE: 'This mission is not accomplished by a submission',
  INVALID_SUBMISSION: 'This submission is missing what the mission asks for',
  OUT_OF_ORDER: 'Accomplish the previous sub-missions first',
  WRONG_GAME: 'This code belongs to another game',
};
