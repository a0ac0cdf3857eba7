// The design checker (`checkGame`, the Problems panel and the Publish gate) on
// a generated map game of 1,000 entities. `npm run bench -- problems`.
// Knobs: BENCH_ROUNDS (31), BENCH_WARMUP (10).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { checkGame } from '@loci/engine/problems';
import { act, all, at, cond, gameBuilder } from '../packages/engine/src/test/builders.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);

// 20 scenes chained by goToScene, each with 10 places, 15 rules, 10 interactions
// (info boxes and questions), 5 items, 3 missions and 3 milestones; 40 attributes,
// 20 characters and 20 object types with 2 objects each: 1,000 entities. A few
// mistakes are left in so that every finding's code runs.
const SCENES = 20;
function buildSpec() {
  const game = gameBuilder({ id: 'bench' });
  const code = (word) => cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: word });
  for (let k = 0; k < SCENES; k++) {
    const s = `s${k}`;
    game.scene(s, { center: at(k * 2000), radius: 600 });
    for (let i = 0; i < 10; i++)
      game.location(`${s}-l${i}`, s, at(k * 2000 + (i - 5) * 100), { radius: i === 0 ? 10 : 40 });
    for (let i = 0; i < 10; i++) {
      if (i % 3 === 0) game.question(`${s}-q${i}`, { hasCorrectAnswer: i !== 9 });
      else game.info(`${s}-i${i}`);
    }
    for (let i = 0; i < 5; i++) game.item(`${s}-it${i}`);
    for (let i = 0; i < 3; i++)
      game.mission(`${s}-m${i}`, { condition: all(cond('player-item', 'owns', `${s}-it${i}`)) });
    for (let i = 0; i < 3; i++) game.milestone(`${s}-ms${i}`, all(cond('player-info', 'has_seen', `${s}-i${i + 1}`)));
    // 15 rules: 10 on the places, 3 codes, one chained on a milestone, one to the next scene.
    for (let i = 0; i < 10; i++) {
      const interaction = i % 3 === 0 ? `${s}-q${i}` : `${s}-i${i}`;
      const show = act(i % 3 === 0 ? 'askQuestion' : 'showInfo', interaction);
      game.rule(`${s}-r${i}`, s, cond('player-location', 'has_entered', `${s}-l${i}`), [show], {
        pre: i % 4 === 0 ? all(cond('player-item', 'owns', `${s}-it${i % 5}`)) : [],
        else: [act('giveToPlayer', `${s}-it${i % 5}`, { value: 1 })],
      });
    }
    for (let i = 0; i < 3; i++) game.rule(`${s}-c${i}`, s, code(`${s}-c${i}`), [act('assignMission', `${s}-m${i}`)]);
    game.rule(`${s}-ms`, s, cond('milestone', 'has_reached', `${s}-ms0`), [act('giveToPlayer', `a${k}`, { value: 1 })]);
    game.rule(`${s}-next`, s, code(`${s}-next`), [
      act(k + 1 < SCENES ? 'goToScene' : 'completeGame', k + 1 < SCENES ? `s${k + 1}` : undefined),
    ]);
  }
  for (let i = 0; i < 40; i++) game.attribute(`a${i}`);
  for (let i = 0; i < 20; i++) game.character(`c${i}`);
  for (let i = 0; i < 20; i++) {
    game.archetype(`t${i}`);
    game.object(`o${i}a`, `t${i}`, `s${i}`, at(i * 2000 + 30));
    game.object(`o${i}b`, `t${i}`, `s${i}`, at(i * 2000 + 50_000));
  }
  return game.build();
}

const spec = buildSpec();
const count = Object.values(spec.entities).reduce((sum, list) => sum + list.length, 0);
const input = { ...spec, mediaIds: ['logo'] };
let problems = checkGame(input);
const times = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const start = performance.now();
  problems = checkGame(input);
  const ms = performance.now() - start;
  if (round >= WARMUP) times.push(ms);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const cpu = os.cpus();
console.log(
  `Machine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${
    process.version
  }, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
);
const bySeverity = { error: 0, warning: 0, info: 0 };
for (const problem of problems) bySeverity[problem.severity]++;
console.log(
  `${count} entities, ${spec.entities.rule.length} rules; ${problems.length} findings ` +
    `(${bySeverity.error} errors, ${bySeverity.warning} warnings, ${bySeverity.info} infos). ${WARMUP} warm-up + ${ROUNDS} rounds.`,
);
console.log(
  `| checkGame | median ${median.toFixed(1)} ms | min ${times[0].toFixed(1)} ms | max ${times.at(-1).toFixed(1)} ms |`,
);
console.log(`Target: < 100 ms ${median < 100 ? 'met' : 'MISSED'}.`);
