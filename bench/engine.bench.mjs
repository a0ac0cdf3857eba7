// The engine's `step` on one core: a generated city game of 200 rules and 50
// geofences, played by a walker (location updates, codes, seen info boxes),
// beside json-rules-engine evaluating the same condition sets on the same
// events. Everything is generated and precomputed before timing; each round
// replays the same event stream on a fresh instance. `npm run bench -- engine`.
// Knobs: BENCH_LOOPS (walks round the city per round), BENCH_ROUNDS, BENCH_WARMUP,
// BENCH_JRE_ROUNDS, BENCH_JRE_STRIDE.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Engine } from 'json-rules-engine';
import { createInstanceState, step } from '@loci/engine';
import { act, all, anyOf, at, cond, gameBuilder } from '../packages/engine/src/test/builders.ts';

const LOOPS = Number(process.env.BENCH_LOOPS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const JRE_ROUNDS = Number(process.env.BENCH_JRE_ROUNDS ?? 3);
// json-rules-engine is timed on every JRE_STRIDE-th event of the stream (it keeps no state between events).
const JRE_STRIDE = Number(process.env.BENCH_JRE_STRIDE ?? 10);

// ─── The game ───────────────────────────────────────────────────────────────
// Four districts (scenes s1–s4), 600 m apart, each with 11 geofences 150 m
// apart on a line the walker follows (a snake through the city), plus 6
// geofences of the universe scene on the legs between districts: 50 in all,
// radius 35 m. Entering the last geofence of a district sends the player to
// the next scene; from s4 the walker walks back south to s1.
const SCENES = ['s1', 's2', 's3', 's4'];
const PER_SCENE = 11;
const SPACING = 150;
const DISTRICT_GAP = 600;
const RADIUS = 35;
const STEP_METRES = 10;
const CODES = 20;
const INFOS = 20;
const KEYS = 4;

const sceneLocations = SCENES.map((sceneId, k) =>
  Array.from({ length: PER_SCENE }, (_, j) => {
    const east = (k % 2 === 0 ? j : PER_SCENE - 1 - j) * SPACING;
    return { id: `${sceneId}-l${j}`, sceneId, point: at(k * DISTRICT_GAP, east) };
  }),
);
// Universe geofences: midway on the three legs between districts, and three on the long walk back.
const universeLocations = [
  ...[0, 1, 2].map((k) => at(k * DISTRICT_GAP + DISTRICT_GAP / 2, k % 2 === 0 ? (PER_SCENE - 1) * SPACING : 0)),
  ...[0.25, 0.5, 0.75].map((f) => at(3 * DISTRICT_GAP * f, 0)),
].map((point, i) => ({ id: `u-l${i}`, sceneId: 'u', point }));
const locations = [...sceneLocations.flat(), ...universeLocations];

function buildSpec() {
  const b = gameBuilder({ id: 'bench-city' });
  b.scene('s1').scene('u', { universe: true }).scene('s2').scene('s3').scene('s4');
  b.item('coin');
  for (let k = 0; k < KEYS; k += 1) b.item(`key-${k}`);
  b.attribute('score');
  for (let i = 0; i < INFOS; i += 1) b.info(`info-${i}`);
  for (const l of locations) b.location(l.id, l.sceneId, l.point, { radius: RADIUS });

  const notify = (msg) => act('showNotification', undefined, { msg });
  let rules = 0;
  const rule = (id, sceneId, trigger, effects, options) => {
    b.rule(id, sceneId, trigger, effects, options);
    rules += 1;
  };
  locations.forEach((l, i) => {
    // 50: entering a geofence pays a coin, every time.
    rule(
      `enter-${l.id}`,
      l.sceneId,
      cond('player-location', 'has_entered', l.id),
      [
        act('giveToPlayer', 'coin', { value: 1 }),
        ...(i % 5 === 0 ? [notify(`At ${l.id}`)] : []),
        ...(i % 10 === 5 ? [act('showInfo', `info-${INFOS - 1 - (i - 5) / 10}`)] : []),
      ],
      { fireOnce: false },
    );
    // 50: leaving it praises a player with a key or 20 coins, else encourages.
    rule(`exit-${l.id}`, l.sceneId, cond('player-location', 'has_exited', l.id), [notify('Well done')], {
      fireOnce: false,
      pre: anyOf(
        [cond('player-item', 'owns', `key-${i % KEYS}`)],
        [cond('player-some-item', 'owns', 'coin', { some: 'at_least', someNumber: 20 })],
      ),
      else: [notify('Keep going')],
    });
    // 50: the first visit shows an info box (every fourth), or scores for a player without a key.
    if (i % 4 === 0) {
      rule(`visit-${l.id}`, l.sceneId, cond('player-location', 'has_visited', l.id), [
        act('showInfo', `info-${i / 4}`),
      ]);
    } else {
      rule(
        `visit-${l.id}`,
        l.sceneId,
        cond('player-location', 'has_visited', l.id),
        [act('setOnPlayer', 'score', { value: 5, numberPropHow: '+' })],
        { pre: all(cond('player-item', 'not_owns', `key-${(i + 1) % KEYS}`)), else: [notify('Visited')] },
      );
    }
  });
  // 4: the last geofence of a district leads to the next scene.
  SCENES.forEach((sceneId, k) => {
    const last = sceneLocations[k][PER_SCENE - 1];
    rule(
      `next-${sceneId}`,
      sceneId,
      cond('player-location', 'has_entered', last.id),
      [act('goToScene', SCENES[(k + 1) % SCENES.length])],
      { fireOnce: false },
    );
  });
  // 16: coin thresholds per district.
  SCENES.forEach((sceneId, k) => {
    for (let n = 1; n <= 4; n += 1) {
      rule(
        `coins-${sceneId}-${n}`,
        sceneId,
        cond('player-some-item', 'owns', 'coin', { some: 'at_least', someNumber: 10 * (4 * k + n) }),
        [notify(`${10 * (4 * k + n)} coins`), act('setOnPlayer', 'score', { value: 10, numberPropHow: '+' })],
      );
    }
  });
  // 20: codes (universe) give keys; half of them only after visiting a geofence.
  for (let j = 0; j < CODES; j += 1) {
    rule(
      `code-${j}`,
      'u',
      cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: `code-${j}` }),
      [act('giveToPlayer', `key-${j % KEYS}`, { value: 1 })],
      {
        fireOnce: false,
        ...(j % 2 === 0 ? { pre: all(cond('player-location', 'has_visited', locations[j * 2].id)) } : {}),
        ...(j % 2 === 0 ? { else: [notify('Not yet')] } : {}),
      },
    );
  }
  // 10: seeing info boxes gives keys.
  for (let i = 0; i < 10; i += 1) {
    rule(`seen-${i}`, 'u', cond('player-info', 'has_seen', `info-${i}`), [
      act('giveToPlayer', `key-${i % KEYS}`, { value: 1 }),
    ]);
  }
  if (rules !== 200) throw new Error(`expected 200 rules, built ${rules}`);
  return b.build();
}

// ─── The event stream ───────────────────────────────────────────────────────
/** The walker's points: the snake through the districts and back, in 10 m steps. */
function walkPoints() {
  const waypoints = [at(-100, 0)];
  for (const district of sceneLocations) for (const l of district) waypoints.push(l.point);
  waypoints.push(at(-100, 0));
  const points = [];
  for (let w = 1; w < waypoints.length; w += 1) {
    const a = waypoints[w - 1];
    const z = waypoints[w];
    const metres = Math.hypot(
      (z.latitude - a.latitude) * 111_195,
      (z.longitude - a.longitude) * 111_195 * Math.cos((a.latitude * Math.PI) / 180),
    );
    const n = Math.max(1, Math.round(metres / STEP_METRES));
    for (let s = 1; s <= n; s += 1) {
      points.push({
        latitude: a.latitude + ((z.latitude - a.latitude) * s) / n,
        longitude: a.longitude + ((z.longitude - a.longitude) * s) / n,
      });
    }
  }
  return points;
}

const PLAYER = 'p1';
const T0 = Date.parse('2030-06-01T10:00:00Z');

/**
 * Builds the stream by playing it once: location updates along the walk, a
 * code every 25 updates (a fifth of them unknown), and a `seen` two events
 * after each info box shown. Returns the events, their clock, and the facts
 * json-rules-engine needs after each event (read from the engine's state).
 */
function buildStream(spec) {
  const points = walkPoints();
  const events = [];
  const facts = [];
  const counts = { location: 0, code: 0, seen: 0, start: 1, outputs: 0, firings: 0, sceneChanges: 0 };
  let state = createInstanceState(spec, { multiplayer: false });
  const pendingSeen = [];
  let codeIndex = 0;
  const play = (event) => {
    const index = events.push(event) - 1;
    const result = step(spec, state, event, new Date(T0 + index * 1000));
    state = result.state;
    counts.outputs += result.outputs.length;
    counts.firings += result.trace.rules.filter((r) => r.branch).length;
    for (const output of result.outputs) {
      if (output.action === 'error') throw new Error(`refused: ${JSON.stringify(event)} ${output.errorCode}`);
      if (output.action === 'showInfo') pendingSeen.push({ interactionId: output.interactionId, due: index + 2 });
      if (output.action === 'goToScene') counts.sceneChanges += 1;
    }
    facts.push(factsOf(state.players[PLAYER], event));
  };
  play({ type: 'start', playerId: PLAYER });
  for (let loop = 0; loop < LOOPS; loop += 1) {
    for (const point of points) {
      play({ type: 'location', playerId: PLAYER, latitude: point.latitude, longitude: point.longitude });
      counts.location += 1;
      if (counts.location % 25 === 0) {
        const j = codeIndex % (CODES + 5);
        codeIndex += 1;
        play({ type: 'code', playerId: PLAYER, code: j < CODES ? `CODE-${j}` : `nothing-${j}` });
        counts.code += 1;
      }
      while (pendingSeen.length > 0 && pendingSeen[0].due <= events.length) {
        play({ type: 'seen', playerId: PLAYER, interactionId: pendingSeen.shift().interactionId });
        counts.seen += 1;
      }
    }
  }
  const clock = events.map((_, i) => new Date(T0 + i * 1000));
  return { events, clock, facts, counts, finalState: state };
}

/** The facts of one event for json-rules-engine: every value a condition of the game reads, flat. */
function factsOf(player, event) {
  const facts = {
    scene: player.currentSceneId ?? '',
    code: event.type === 'code' ? event.code.trim().toLowerCase() : '',
    item_coin: player.items.coin ?? 0,
  };
  for (let k = 0; k < KEYS; k += 1) facts[`item_key-${k}`] = player.items[`key-${k}`] ?? 0;
  for (const l of locations) {
    facts[`in_${l.id}`] = l.id in player.insideLocations;
    facts[`visited_${l.id}`] = l.id in player.visitedLocations;
  }
  for (let i = 0; i < INFOS; i += 1) facts[`seen_info-${i}`] = Boolean(player.infos[`info-${i}`]?.seenWhen);
  return facts;
}

// ─── The same condition sets for json-rules-engine ──────────────────────────
const FACT_NAMES = Object.keys(
  factsOf(
    { currentSceneId: 's1', items: {}, insideLocations: {}, visitedLocations: {}, infos: {} },
    { type: 'location' },
  ),
);

/** One condition of the game as json-rules-engine conditions. */
function jreCondition(c) {
  const id = c.elementId;
  switch (`${c.conditionType} ${c.verb}`) {
    case 'player-location has_entered':
      return { fact: `in_${id}`, operator: 'equal', value: true };
    case 'player-location has_exited':
      return {
        all: [
          { fact: `visited_${id}`, operator: 'equal', value: true },
          { fact: `in_${id}`, operator: 'equal', value: false },
        ],
      };
    case 'player-location has_visited':
      return { fact: `visited_${id}`, operator: 'equal', value: true };
    case 'player-item owns':
      return { fact: `item_${id}`, operator: 'greaterThanInclusive', value: 1 };
    case 'player-item not_owns':
      return { fact: `item_${id}`, operator: 'lessThan', value: 1 };
    case 'player-some-item owns':
      return { fact: `item_${id}`, operator: 'greaterThanInclusive', value: c.someNumber };
    case 'player-code has_typedscannedcode':
      return { fact: 'code', operator: 'equal', value: c.designerInputString.trim().toLowerCase() };
    case 'player-info has_seen':
      return { fact: `seen_${id}`, operator: 'equal', value: true };
    default:
      throw new Error(`no encoding for ${c.conditionType} ${c.verb}`);
  }
}

/**
 * A json-rules-engine rule per game rule: live (the player's scene is the
 * rule's scene, checked first with a higher priority so other scenes' rules
 * stop there; universe rules are always live) and trigger and preconditions
 * (blocks ORed, conditions ANDed).
 */
function jreRules(spec) {
  return spec.entities.rule.map((r) => {
    const all = [];
    if (r.sceneId !== 'u') all.push({ fact: 'scene', operator: 'equal', value: r.sceneId, priority: 10 });
    all.push(jreCondition(r.trigger));
    if (r.triggerPreconditions.length > 0) {
      all.push({ any: r.triggerPreconditions.map((block) => ({ all: block.conditions.map(jreCondition) })) });
    }
    return { name: r.id, conditions: { all }, event: { type: r.id } };
  });
}

// ─── Timing ─────────────────────────────────────────────────────────────────
/** One round of the engine: a fresh instance, every event of the stream through `step`. */
function runEngine(spec, stream) {
  const { events, clock } = stream;
  let state = createInstanceState(spec, { multiplayer: false });
  let outputs = 0;
  const started = performance.now();
  for (let i = 0; i < events.length; i += 1) {
    const result = step(spec, state, events[i], clock[i]);
    state = result.state;
    outputs += result.outputs.length;
  }
  return { ms: performance.now() - started, outputs };
}

/**
 * One round of json-rules-engine over the sampled facts. `engineFor(facts)`
 * picks the Engine; `current` is what registered facts read.
 */
async function runJre(engineFor, samples, current, passFacts) {
  let fired = 0;
  const started = performance.now();
  for (const facts of samples) {
    current.facts = facts;
    const { events } = await engineFor(facts).run(passFacts ? facts : {});
    fired += events.length;
  }
  return { ms: performance.now() - started, fired };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const spec = buildSpec();
const stream = buildStream(spec);
const n = stream.events.length;
const { counts } = stream;
console.log(
  `Game: ${spec.entities.rule.length} rules, ${spec.entities.location.length} geofences, ${SCENES.length} scenes + universe.`,
);
console.log(
  `Stream per round: ${n} events (${counts.location} location, ${counts.code} code, ${counts.seen} seen, 1 start) ` +
    `in ${LOOPS} walks round the city; ${counts.firings} rule firings, ${counts.sceneChanges} scene changes, ${counts.outputs} outputs.`,
);

// The engine: warm-up rounds, then ROUNDS rounds, each on a fresh instance.
const engineRates = [];
for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
  const { ms, outputs } = runEngine(spec, stream);
  if (outputs !== counts.outputs)
    throw new Error(`round ${round}: ${outputs} outputs, the stream had ${counts.outputs}`);
  if (round >= WARMUP) engineRates.push((n / ms) * 1000);
}

// json-rules-engine, three set-ups: (a) one Engine of 200 rules, facts passed
// to run(); (b) the same rules with every fact registered once (uncached),
// reading the current event's precomputed values; (c) as (b), but one Engine
// per scene holding only its live rules (the scene's and the universe's).
const rules = jreRules(spec);
const current = { facts: stream.facts[0] };
const single = new Engine(rules);
/** Registers every fact once, reading the current event's values; uncached, which spares hashing each lookup's parameters. */
function withRegisteredFacts(engine) {
  for (const name of FACT_NAMES) engine.addFact(name, () => current.facts[name], { cache: false });
  return engine;
}
const registered = withRegisteredFacts(new Engine(rules));
const perScene = new Map(
  SCENES.map((sceneId) => [
    sceneId,
    withRegisteredFacts(
      new Engine(
        jreRules(spec)
          .filter((_, index) => [sceneId, 'u'].includes(spec.entities.rule[index].sceneId))
          .map((rule) => ({ ...rule, conditions: { all: rule.conditions.all.filter((c) => c.fact !== 'scene') } })),
      ),
    ),
  ]),
);
const setups = [
  { label: 'json-rules-engine, one Engine of 200 rules, facts passed to run()', engineFor: () => single, pass: true },
  { label: 'json-rules-engine, one Engine of 200 rules, facts registered', engineFor: () => registered, pass: false },
  {
    label: 'json-rules-engine, an Engine per scene of its live rules, facts registered',
    engineFor: (f) => perScene.get(f.scene),
    pass: false,
  },
];
const samples = stream.facts.filter((_, index) => index % JRE_STRIDE === 0);
let expectedFired = null;
for (const setup of setups) {
  setup.rates = [];
  for (let round = 0; round < 1 + JRE_ROUNDS; round += 1) {
    const { ms, fired } = await runJre(setup.engineFor, samples, current, setup.pass);
    // All three set-ups must find the same rules true on the same events.
    expectedFired ??= fired;
    if (fired !== expectedFired) throw new Error(`${setup.label}: ${fired} rules held, expected ${expectedFired}`);
    if (round >= 1) setup.rates.push((samples.length / ms) * 1000);
  }
}

const engineRate = median(engineRates);
const jreRate = Math.max(...setups.map((setup) => median(setup.rates)));
const number = (rate) => Math.round(rate).toLocaleString('en-GB');
const cpu = os.cpus();
console.log(
  `\nMachine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${
    process.version
  }, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
);
console.log(
  `Engine: ${WARMUP} warm-up + ${ROUNDS} rounds of ${n} events; json-rules-engine: 1 warm-up + ${JRE_ROUNDS} rounds ` +
    `of ${samples.length} events (every ${JRE_STRIDE}th; ${expectedFired} rule conditions held). Medians.\n`,
);
console.log('| Side | events/s (median) | min – max |');
console.log('|---|---:|---:|');
const row = (label, rates) =>
  console.log(
    `| ${label} | ${number(median(rates))} | ${number(Math.min(...rates))} – ${number(Math.max(...rates))} |`,
  );
row('@loci/engine `step`: state, geofences, edge triggers, effects, outputs', engineRates);
for (const setup of setups) row(setup.label, setup.rates);
console.log(`\nRatio engine / best json-rules-engine set-up: ${(engineRate / jreRate).toFixed(0)}×`);
console.log(
  `Targets: ≥ 100,000 events/s ${engineRate >= 100_000 ? 'met' : 'MISSED'}; ≥ 5× json-rules-engine ${
    engineRate / jreRate >= 5 ? 'met' : 'MISSED'
  }.`,
);
