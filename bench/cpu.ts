import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * How busy the machine is with work that is not the benchmark's. The machine is shared (other
 * sessions run tests and encode media on the same 2 cores), so every run records the CPU that
 * others used while it ran, and a run can wait for a quiet moment before it starts.
 *
 * foreign CPU = all busy CPU time (/proc/stat) − this process (the app, the ceiling and, for
 * PGlite, the database) − the load child − the postgres backends connected to the benchmark's
 * database, as a share of all cores. Other postgres work (other databases' sessions, the server's
 * own processes) is foreign: on a shared server it is someone else's. Hypervisor steal is
 * reported apart.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface CpuSnapshot {
  wallMs: number;
  /** Busy seconds of all cores (user, nice, system, irq, softirq). */
  busy: number;
  steal: number;
  /** CPU seconds of each postgres backend of the benchmark's database, by process id. */
  postgres: Map<number, number>;
  /** CPU seconds of this process. */
  self: number;
}

/** The database a postgres backend serves, from its process title ("postgres: 15/main: <user> <database> <host>(<port>) <state>"). */
function databaseOfBackend(pid: string): string | undefined {
  const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  return /^postgres: [^:]+: \S+ (\S+) /.exec(title)?.[1];
}

/** CPU seconds of each postgres backend connected to `database` (none without one: PGlite runs in this process). */
function postgresSeconds(database: string | undefined): Map<number, number> {
  const seconds = new Map<number, number>();
  if (!database) return seconds;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres' || databaseOfBackend(entry) !== database) continue;
      const fields = stat.slice(close + 2).split(' ');
      seconds.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // the process ended meanwhile
    }
  }
  return seconds;
}

/** The CPU of the machine, this process and (`database`: PostgreSQL's name of the benchmark database) its postgres backends. */
export function snapshot(database?: string): CpuSnapshot {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line;
  const usage = process.cpuUsage();
  return {
    wallMs: performance.now(),
    busy: (user + nice + system + irq + softirq) / TICKS_PER_SECOND,
    steal: steal / TICKS_PER_SECOND,
    postgres: postgresSeconds(database),
    self: (usage.user + usage.system) / 1e6,
  };
}

export interface ForeignCpu {
  /** Share (0–100%) of all cores used by other work. */
  foreignPercent: number;
  stealPercent: number;
  /** Share of all cores used by the postgres backends of the benchmark's database. */
  postgresPercent: number;
  /** CPU seconds in the window: this process (app + ceiling + PGlite), the load child, postgres. */
  selfSeconds?: number;
  childSeconds?: number;
  postgresSeconds?: number;
}

/** Other work between two snapshots; `childSeconds` is the CPU time of the load child meanwhile. */
export function foreignBetween(before: CpuSnapshot, after: CpuSnapshot, childSeconds = 0): ForeignCpu {
  const capacity = ((after.wallMs - before.wallMs) / 1000) * os.availableParallelism();
  // Per backend: one that started meanwhile counts whole; one that ended meanwhile is lost either way.
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const foreign = after.busy - before.busy - (after.self - before.self) - childSeconds - postgres;
  const percent = (value: number) => (capacity > 0 ? Math.max(0, (value / capacity) * 100) : 0);
  return {
    foreignPercent: percent(foreign),
    stealPercent: percent(after.steal - before.steal),
    postgresPercent: percent(postgres),
    selfSeconds: after.self - before.self,
    childSeconds,
    postgresSeconds: postgres,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until other work uses less than `maxPercent` of the cores over a 3 s window, or until
 * `maxWaitSeconds` have passed. Returns the last window's measure and how long it waited.
 */
export async function waitForQuiet(
  maxPercent: number,
  maxWaitSeconds: number,
  onWait: (foreign: ForeignCpu) => void,
  database?: string,
): Promise<{ foreign: ForeignCpu; waitedSeconds: number }> {
  const started = performance.now();
  for (;;) {
    const before = snapshot(database);
    await sleep(3_000);
    const foreign = foreignBetween(before, snapshot(database));
    const waitedSeconds = (performance.now() - started) / 1000;
    if (foreign.foreignPercent < maxPercent || waitedSeconds >= maxWaitSeconds) return { foreign, waitedSeconds };
    onWait(foreign);
  }
}
