import { readFileSync } from 'node:fs';

/** The machine's CPU counters from /proc/stat (Linux), in clock ticks: all time, and the time the host stole. */
export interface CpuTicks {
  total: number;
  steal: number;
}

/**
 * The counters of all CPUs together, or undefined off Linux. Steal is the time a VM's vCPU was ready to run but
 * the host ran something else: on a shared host it shows up as stalls of the server and the load generator
 * alike, whichever server is being measured.
 */
export function cpuTicks(): CpuTicks | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const line = stat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  if (!line) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
}

/** Percentage of the CPU time between two readings that was stolen, or NaN without readings. */
export function stealPercent(before: CpuTicks | undefined, after: CpuTicks | undefined): number {
  if (!before || !after || after.total <= before.total) return Number.NaN;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}
