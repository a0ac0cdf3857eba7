// Where a V8 CPU profile's time goes: `node bench/support/cpuprofile-top.mjs FILE.cpuprofile [...]
// [--from S] [--to S] [--top N] [--stack PATTERN] [--callers PATTERN] [--cat NAME=PATTERN ...] [--timeline]`. Reads the .cpuprofile JSON that `node --cpu-prof` writes
// (bench/city's BENCH_PROFILE_DIR) and prints, for the samples between --from and --to seconds after the
// profile's start (default: all of it):
// - by package or file group (a node_modules package, node's internals, our apps/packages, GC, idle):
//   self time (the sample's own frame) and total time (the group appears anywhere on the sample's stack);
// - the top functions by self time and by total time (a recursive function counted once per sample);
// - with --stack PATTERN, the total time of the samples whose stack holds a frame whose function or file
//   matches PATTERN (a regular expression), and their self time by group — what that part calls;
// - with --callers PATTERN, the self time of the functions matching PATTERN by their nearest caller outside
//   node's internals and native code — who pays for a syscall like writev;
// - with --cat 'NAME=PATTERN' (repeatable), each sample in the first category one of whose stack's frames
//   (function or file) matches PATTERN, else in "other" (GC and native time outside JS in their own): a
//   breakdown that adds up to 100 %.
// - with --timeline, each file's busy share of one core per 5 s of the run first (to find the window).
// Several files are summed (a server's primary and its workers). Times in ms and in % of the samples' time
// excluding idle, i.e. of the CPU the processes used.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const from = Number(option('--from', 0)) * 1e6;
const to = Number(option('--to', Infinity)) * 1e6;
const top = Number(option('--top', 25));
const stackPattern = option('--stack', undefined);
const timelineAt = args.indexOf('--timeline');
const timeline = timelineAt >= 0;
if (timeline) args.splice(timelineAt, 1);
const stackRe = stackPattern ? new RegExp(stackPattern) : undefined;
const categories = [];
for (let at = args.indexOf('--cat'); at >= 0; at = args.indexOf('--cat')) {
  const [, spec] = args.splice(at, 2);
  const eq = spec.indexOf('=');
  categories.push({ name: spec.slice(0, eq), re: new RegExp(spec.slice(eq + 1)) });
}
const callersPattern = option('--callers', undefined);
const callersRe = callersPattern ? new RegExp(callersPattern) : undefined;
if (args.length === 0) {
  console.error('usage: cpuprofile-top.mjs FILE.cpuprofile [...] [--from S] [--to S] [--top N] [--stack PATTERN]');
  process.exit(2);
}

/** The group a frame's file belongs to: a package, node's internals, our source, or V8's pseudo-frames. */
function groupOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return '(program: native, outside JS)';
    if (functionName === '(root)') return 'root';
    return `native ${functionName || '(anonymous)'}`;
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) {
    const parts = url.slice(5).split('/');
    return `node:${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  const ours = url.match(/(apps\/[^/]+|packages\/[^/]+)\/(?:src|dist)\/(.*)$/);
  if (ours) return `${ours[1]}/${ours[2].replace(/\.(ts|js|mjs)$/, '')}`;
  return url.replace(/^file:\/\//, '');
}
const nameOf = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`.trim();

const selfByGroup = new Map();
const totalByGroup = new Map();
const selfByFn = new Map();
const totalByFn = new Map();
const stackSelfByGroup = new Map();
const callerSelf = new Map();
const byCategory = new Map();
let stackTotal = 0;
let busy = 0;
let idle = 0;
let span = 0;
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);

for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Per node: its stack's groups and function names (each once), computed once.
  const stackOf = new Map();
  const stack = (id) => {
    let known = stackOf.get(id);
    if (known) return known;
    const frames = [];
    for (let at = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at).callFrame);
    known = {
      self: byId.get(id).callFrame,
      groups: new Set(frames.map(groupOf)),
      fns: new Set(frames.map(nameOf)),
      matches: stackRe ? frames.some((f) => stackRe.test(f.functionName) || stackRe.test(f.url)) : false,
      // The first frame past the sample's own that is neither node's internals nor native code.
      caller: frames.slice(1).find((f) => f.url && !f.url.startsWith('node:')),
      category:
        categories.find((c) => frames.some((f) => c.re.test(f.functionName) || c.re.test(f.url)))?.name ?? 'other',
    };
    stackOf.set(id, known);
    return known;
  };
  let t = profile.startTime;
  const { samples, timeDeltas } = profile;
  if (timeline) {
    const busyPer5s = [];
    let at = profile.startTime;
    for (let i = 0; i < samples.length; i++) {
      at += timeDeltas[i];
      const bucket = Math.floor((at - profile.startTime) / 5e6);
      const idleSample = byId.get(samples[i]).callFrame.functionName === '(idle)';
      busyPer5s[bucket] = (busyPer5s[bucket] ?? 0) + (idleSample ? 0 : (timeDeltas[i + 1] ?? 0) / 1000);
    }
    console.log(
      `${file}: busy % of one core per 5 s: ${Array.from(busyPer5s, (ms) => Math.round((ms ?? 0) / 50)).join(' ')}`,
    );
  }
  span = Math.max(span, profile.endTime - profile.startTime);
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i];
    // A sample's time is the delta to the next sample (the last one's, its own delta).
    const dt = (i + 1 < timeDeltas.length ? timeDeltas[i + 1] : timeDeltas[i]) / 1000;
    const since = t - profile.startTime;
    if (since < from || since > to) continue;
    const s = stack(samples[i]);
    const group = groupOf(s.self);
    if (group === 'idle') {
      idle += dt;
      continue;
    }
    busy += dt;
    add(selfByGroup, group, dt);
    for (const g of s.groups) add(totalByGroup, g, dt);
    add(selfByFn, nameOf(s.self), dt);
    for (const f of s.fns) add(totalByFn, f, dt);
    if (categories.length > 0) add(byCategory, group === 'GC' || group.startsWith('(program') ? group : s.category, dt);
    if (callersRe && callersRe.test(s.self.functionName))
      add(callerSelf, s.caller ? `${groupOf(s.caller)}: ${nameOf(s.caller)}` : '(none)', dt);
    if (s.matches) {
      stackTotal += dt;
      add(stackSelfByGroup, group, dt);
    }
  }
}

const pct = (ms) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
const ms = (v) => `${v.toFixed(0).padStart(8)} ms`;
const table = (title, map, n = top) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${ms(value)} ${pct(value)}  ${key}`);
};
console.log(
  `${args.length} profile(s); busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms` +
    ` (window ${from / 1e6}–${to === Infinity ? 'end' : to / 1e6} s of ${(span / 1e6).toFixed(1)} s)`,
);
table('Self time by package / file group', selfByGroup);
table('Total time by package / file group (on the stack)', totalByGroup);
table('Self time by function', selfByFn);
table('Total time by function', totalByFn);
if (stackRe) {
  console.log(`\nSamples with /${stackPattern}/ on the stack: ${ms(stackTotal)} ${pct(stackTotal)}`);
  table('  their self time by group', stackSelfByGroup);
}
if (categories.length > 0) table('By category', byCategory, categories.length + 3);
if (callersRe) table(`Self time of /${callersPattern}/ by nearest caller outside node's internals`, callerSelf);
