import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (user + system) a process has used so far, in ms, from the kernel's own accounting (/proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // After "pid (comm) " comes field 3; utime and stime are fields 14 and 15. comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU time used so far by each named process, by every process of each `commands` name (all of Postgres's backends), and by the machine. */
export interface CpuSnapshot {
  named: Record<string, number>;
  byCommand: Record<string, number>;
  /** The machine's busy and total time over all its cores (/proc/stat). */
  machineBusyMs: number;
  machineMs: number;
}

export function cpuSnapshot(pids: Record<string, number>, commands: readonly string[]): CpuSnapshot {
  const named = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuMs(pid)]));
  const byCommand = Object.fromEntries(commands.map((command) => [command, 0]));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (command in byCommand) byCommand[command] = (byCommand[command] ?? 0) + processCpuMs(Number(entry));
    } catch {
      // Exited between the listing and the read.
    }
  }
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).filter(Boolean);
  const ticks = times.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { named, byCommand, machineBusyMs: (total - idle) * TICK_MS, machineMs: total * TICK_MS };
}

/** What each process (and the machine) used between two snapshots, in ms. */
export function cpuUsedBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, ms] of Object.entries(after.named)) used[name] = ms - (before.named[name] ?? 0);
  for (const [name, ms] of Object.entries(after.byCommand)) used[name] = Math.max(0, ms - (before.byCommand[name] ?? 0));
  used.machine = after.machineBusyMs - before.machineBusyMs;
  used.machineCapacity = after.machineMs - before.machineMs;
  return used;
}
