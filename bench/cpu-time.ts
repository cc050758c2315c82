/**
 * Where the machine's cores went during a window: busy time of all cores (Linux /proc/stat, in
 * clock ticks of 10 ms) and of this process (the bench's relays and its browser driver). A
 * window whose busy time is close to its length times the cores was bound by the CPU, not by
 * waiting: its wall time cannot fall below busy / cores unless the work itself shrinks.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

const TICK_MS = 10 // USER_HZ is 100 on Linux

export interface CpuMark {
  at: number
  /** Busy and total ticks of all cores, or null off Linux. */
  ticks: { busy: number; total: number } | null
  own: NodeJS.CpuUsage
}

export interface CpuWindow {
  wallMs: number
  cores: number
  /** Core-milliseconds all processes spent busy (null off Linux). */
  busyCoreMs: number | null
  /** Share of the cores' time busy, 0 to 1 (null off Linux). */
  busyShare: number | null
  /** Core-milliseconds this process spent (user + system). */
  benchCoreMs: number
}

function readTicks(): CpuMark['ticks'] {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? ''
    // cpu user nice system idle iowait irq softirq steal ...
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number)
    const total = fields.reduce((sum, value) => sum + value, 0)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}

export const cpuMark = (): CpuMark => ({
  at: performance.now(),
  ticks: readTicks(),
  own: process.cpuUsage(),
})

export function cpuSince(mark: CpuMark): CpuWindow {
  const at = performance.now()
  const ticks = readTicks()
  const own = process.cpuUsage(mark.own)
  const busy = ticks && mark.ticks ? ticks.busy - mark.ticks.busy : null
  const total = ticks && mark.ticks ? ticks.total - mark.ticks.total : null
  return {
    wallMs: at - mark.at,
    cores: availableParallelism(),
    busyCoreMs: busy === null ? null : busy * TICK_MS,
    busyShare: busy === null || !total ? null : busy / total,
    benchCoreMs: (own.user + own.system) / 1000,
  }
}
