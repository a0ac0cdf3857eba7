// CPU counters from /proc (Linux), shared by the benchmarks.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  // The server process and its children: the workers of a cluster (BENCH_WORKERS > 1).
  const ticks = (id) => {
    const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  try {
    let total = ticks(pid).cpu;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
      try {
        const stat = ticks(entry);
        if (stat.ppid === pid) total += stat.cpu;
      } catch {
        // gone meanwhile
      }
    }
    return (total * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms) used so far by the PostgreSQL backends serving `database` (their titles name it), from /proc. */
export function backendsCpuMs(database) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      total += cpuMs(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Busy and total jiffies of the whole machine, from /proc/stat (Linux). */
export function machineJiffies() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = fields[3] + fields[4];
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** Resident memory (KB) of a process and its children (a cluster's workers), from /proc (Linux). */
export function rssKb(pid) {
  const rssOf = (id) => {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  };
  let total = 0;
  try {
    total = rssOf(pid);
  } catch {
    return Number.NaN;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === pid) total += rssOf(entry);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU time (ms) used so far by each PostgreSQL process (backends, writers, WAL), by pid, from /proc. */
export function postgresCpu() {
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      byPid.set(entry, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/** CPU time (ms) PostgreSQL's processes used between two `postgresCpu()` readings (those that exited meanwhile are lost). */
export function postgresCpuMsBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
