// The city game and its walkers, shared by bench/city.bench.mjs, start-storm, view-bytes and teams: a published
// game of realistic size built through the API (50 geofences, each asking its own question, 50 objects and 50
// offer stands in the world), walkers moving at 1.4 m/s between the geofences, what a walker does on the way
// (answers the questions its steps ask, picks offers at the stands, carries crates from one stand to the next),
// and the view a walker's app holds.
import { performance } from 'node:perf_hooks';
import { applyViewDelta } from '@loci/domain';
import { createUser } from '../../apps/server/src/test/factories.ts';
import {
  createEntity,
  designRequest,
  designValues,
  insertEntities,
} from '../../apps/server/src/test/design-factories.ts';
import { createPlayableGame, PIER, PIER_YEAR, publishVersionOf } from '../../apps/server/src/test/play-factories.ts';
import { withApp } from './server.mjs';

export const PERIOD_MS = 5_000;
const SPEED = 1.4; // m/s
const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LNG = M_PER_DEG_LAT * Math.cos((PIER.latitude * Math.PI) / 180);
const GRID = 7; // 7 × 7 + the pier = 50 geofences
const SPACING_M = 120;

/** The grid of geofences around the pier (the pier is the first). */
export const spots = [PIER];
for (let i = 0; i < GRID; i += 1)
  for (let j = 0; j < GRID; j += 1)
    if (spots.length < 50)
      spots.push({
        latitude: PIER.latitude + ((i - 3) * SPACING_M + 60) / M_PER_DEG_LAT,
        longitude: PIER.longitude + ((j - 3) * SPACING_M + 60) / M_PER_DEG_LNG,
      });

/** The message of the timed rules `seedGame` adds with `clock` (the teams bench reads them on the phones). */
export const CLOCK_MESSAGES = { timeWarning: 'One minute left!', spotTimer: 'Move on to the next place' };

/**
 * The game: the harbour game (publish: false) grown through the API to 50 geofences, then published. Options:
 * `settings` (the game's, e.g. teams and a time limit), `questionSeconds` (each spot's question gets that time
 * limit), `clock` ({ warnMinutes, spotTimerMinutes }: a rule "time left at most warnMinutes → a notification",
 * each spot's entry also starts the named timer `spot` of spotTimerMinutes, and a rule "timer spot has run out →
 * a notification").
 */
export async function seedGame(dataDir, url, options = {}) {
  return withApp({ dataDir, databaseUrl: url }, async (app) => {
    const owner = await createUser(app.ctx, { role: 'designer', name: 'City Operator' });
    const game = await createPlayableGame(app, owner, {
      publish: false,
      offerQuantity: 1_000_000,
      ...(options.settings ? { settings: options.settings } : {}),
    });
    const { gameId, scene } = game;
    const put = async (body) => {
      const res = await designRequest(app, owner, 'POST', `/api/design/${gameId}/initialStates/current`, body);
      if (res.statusCode >= 300) throw new Error(`placing answered ${res.statusCode}: ${res.body}`);
    };
    const [archetype] = await insertEntities(app.ctx, gameId, 'archetype', 1);
    for (let k = 1; k < spots.length; k += 1) {
      const spot = spots[k];
      const location = await createEntity(
        app,
        owner,
        gameId,
        'location',
        designValues('location', { sceneId: scene.id }, { name: `spot ${k}`, lat: spot.latitude, lng: spot.longitude }),
      );
      const question = await createEntity(app, owner, gameId, 'interaction', {
        type: 'INTER_ANSWER_QUESTION',
        name: `question ${k}`,
        notes: '',
        title: `Spot ${k}`,
        buttonLabel: 'Answer',
        description: '<p>When was the pier built?</p>',
        mediaId: null,
        direction: { isDirection: false, title: '' },
        questions: [
          {
            title: 'Which year?',
            description: '<p>The year on the plaque</p>',
            qType: 'openEnded',
            dType: 'number',
            hasCorrectAnswer: true,
            correctAnswer: PIER_YEAR,
            attempts: 2,
            hint: 'Read the plaque',
          },
        ],
        ...(options.questionSeconds ? { timeLimitSeconds: options.questionSeconds } : {}),
      });
      await createEntity(app, owner, gameId, 'rule', {
        name: `ask at spot ${k}`,
        notes: '',
        sceneId: scene.id,
        trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: location.id },
        triggerPreconditions: [],
        sideeffects: [
          { actorId: 'system', actionName: 'askQuestion', actionArgs: { what: question.id }, notify: false },
          ...(options.clock
            ? [
                {
                  actorId: 'system',
                  actionName: 'startTimer',
                  actionArgs: { what: 'spot', value: options.clock.spotTimerMinutes },
                  notify: false,
                },
              ]
            : []),
        ],
        sideeffectselse: [],
        fireOnce: true,
      });
      await put({
        name: `stand ${k}`,
        sceneId: scene.id,
        offerId: game.offer.id,
        payload: { label: `Stand ${k}` },
        location: spot,
        type: 'offer',
        quantity: 1_000_000,
      });
    }
    for (let k = 0; k < spots.length; k += 1)
      await put({
        name: `crate ${k}`,
        sceneId: scene.id,
        archetypeId: archetype.id,
        payload: { label: `Crate ${k}` },
        location: spots[k],
        type: 'object',
      });
    if (options.clock) {
      const notify = (name, trigger, message, fireOnce) =>
        createEntity(app, owner, gameId, 'rule', {
          name,
          notes: '',
          sceneId: scene.id,
          trigger,
          triggerPreconditions: [],
          sideeffects: [
            { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: message }, notify: false },
          ],
          sideeffectselse: [],
          fireOnce,
        });
      await notify(
        'time warning',
        {
          conditionType: 'player-clock',
          verb: 'has_time_left',
          some: 'at_most',
          someNumber: options.clock.warnMinutes,
        },
        CLOCK_MESSAGES.timeWarning,
        true,
      );
      await notify(
        'spot timer',
        { conditionType: 'player-timer', verb: 'has_elapsed', designerInputString: 'spot' },
        CLOCK_MESSAGES.spotTimer,
        false,
      );
    }
    const versionId = await publishVersionOf(app, owner, gameId);
    return { owner, gameId, versionId };
  });
}

/** One walker: a position, the geofence it walks to next, and its timers. */
export function walker(index) {
  const start = spots[index % spots.length];
  // Start 30–90 m off a geofence, in a random direction.
  const angle = Math.random() * 2 * Math.PI;
  const distance = 30 + Math.random() * 60;
  return {
    at: {
      latitude: start.latitude + (Math.sin(angle) * distance) / M_PER_DEG_LAT,
      longitude: start.longitude + (Math.cos(angle) * distance) / M_PER_DEG_LNG,
    },
    target: spots[Math.floor(Math.random() * spots.length)],
  };
}

/** Moves `w` one period towards its target at walking speed; a new target once there. */
export function stepWalk(w) {
  const dy = (w.target.latitude - w.at.latitude) * M_PER_DEG_LAT;
  const dx = (w.target.longitude - w.at.longitude) * M_PER_DEG_LNG;
  const d = Math.hypot(dx, dy);
  const move = (SPEED * PERIOD_MS) / 1000;
  if (d <= move) {
    w.at = { ...w.target };
    w.target = spots[Math.floor(Math.random() * spots.length)];
  } else {
    w.at = {
      latitude: w.at.latitude + (dy / d) * (move / M_PER_DEG_LAT),
      longitude: w.at.longitude + (dx / d) * (move / M_PER_DEG_LNG),
    };
  }
}

/**
 * The view an app holds and its revision, as the web player keeps them (protocol 2, docs/play.md "A view that
 * costs what changed"): `body(event)` sends the revision held, `read(answer)` takes a whole view or applies a
 * delta from the revision held. A delta from another revision (an answer overtaken by another of the same
 * walker's, or by a step whose answer is still coming) leaves the view as it is and asks for a whole one with the
 * next event (`viewRevision: null`). With `protocol` 1 the app sends no revision and every answer is whole.
 */
export function heldView(protocol = 2) {
  const held = { view: null, revision: null };
  return {
    get view() {
      return held.view;
    },
    body: (event) => (protocol === 1 ? event : { ...event, viewRevision: held.revision }),
    read(answer) {
      if (!answer) return held.view;
      if (answer.view) {
        held.view = answer.view;
        held.revision = answer.revision ?? null;
      } else if (answer.viewDelta) {
        const { from, to, changes } = answer.viewDelta;
        if (from === held.revision && held.view) {
          held.view = applyViewDelta(held.view, changes);
          held.revision = answer.revision ?? to;
        } else if (to !== held.revision) held.revision = null;
      }
      return held.view;
    },
  };
}

/** What a walker thinks before answering the question its step asked (ms). */
export const THINK_MS = 2_000;

/**
 * What a walker does with the outputs of a step — its own answer's, or a teammate's pushed to it: the question
 * it asked is answered after a think of `thinkMs()` ms (2 s; while `running()`), through `send(player, event)` —
 * unless meanwhile an answer closed it (a teammate's `answerResult` pushed to this phone), as the player's dialog
 * closes with the teammate's answer (the view's pending question is settled).
 */
export function answerAsked(player, outputs, { send, running, counts, thinkMs = () => THINK_MS }) {
  player.asked ??= new Map();
  for (const output of outputs)
    if (output.action === 'answerResult' && output.attemptsLeft === 0) player.asked.delete(output.interactionId);
  const asked = outputs.find((output) => output.action === 'askQuestion');
  if (!asked || !running()) return;
  const { interactionId } = asked;
  const token = Symbol(interactionId);
  player.asked.set(interactionId, token);
  setTimeout(() => {
    if (!running() || player.asked.get(interactionId) !== token) return;
    player.asked.delete(interactionId);
    counts.answers += 1;
    void send(player, { type: 'answer', interactionId, answer: PIER_YEAR });
  }, thinkMs());
}

/**
 * What a walker does at a geofence, from its location event's answer: picks an offer from the stand in range (once
 * per stand), and the crate there when it carries none (one walker wins it, the others get the engine's refusal);
 * a crate carried from before is dropped at the next stand. `player.lastStand` and `player.carrying` keep track.
 */
export function actAtStands(player, answer, { send, counts }) {
  // An app of protocol 2 holds its view (heldView); one of protocol 1 is answered it whole.
  const perceived = (player.held ? player.held.view : answer?.view)?.perceived;
  if (!perceived) return;
  const nearest = (list) =>
    list.filter((item) => item.inRange && item.distance !== null).sort((a, b) => a.distance - b.distance)[0];
  const stand = nearest(perceived.offers);
  if (stand && stand.id !== player.lastStand) {
    player.lastStand = stand.id;
    counts.picks += 1;
    void send(player, { type: 'offer', objectId: stand.id, action: 'pick' });
  }
  if (player.carrying) {
    if (stand) {
      void send(player, { type: 'drop', objectId: player.carrying });
      player.carrying = null;
    }
  } else {
    const crate = nearest(perceived.objects);
    if (crate) {
      counts.picks += 1;
      player.carrying = crate.id;
      void send(player, { type: 'pick', objectId: crate.id });
    }
  }
}

/**
 * One walker's loop while `running()`: after `offsetMs` (to spread the walkers over the period), every PERIOD_MS
 * it moves (`player.walk`, from `walker`), sends its location, answers what that asked and acts at the stands
 * (unless `atStands` is false: then it changes nothing of the shared world).
 * `send(player, event)` resolves with the answer's body, or null when it failed. `counts` gathers answers and picks.
 */
export async function walkWhile(player, { send, running, counts, offsetMs = 0, atStands = true, thinkMs }) {
  await new Promise((resolve) => setTimeout(resolve, offsetMs));
  while (running()) {
    const tick = performance.now();
    stepWalk(player.walk);
    const answer = await send(player, { type: 'location', ...player.walk.at });
    answerAsked(player, answer?.outputs ?? [], { send, running, counts, ...(thinkMs ? { thinkMs } : {}) });
    if (atStands) actAtStands(player, answer, { send, counts });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PERIOD_MS - (performance.now() - tick))));
  }
}
