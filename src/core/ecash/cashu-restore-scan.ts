/**
 * Where a NUT-13 restore of one keyset looks, and when it stops (spec §9: 'Restore batch 100
 * outputs, 300 in total by default'). Outputs are asked for from counter 0 in batches of 100; the
 * scan ends once the last 300 counters asked for, past the last output the mint had signed, came
 * back empty (checked at batch ends, so three empty batches in a row, as cashu-ts's
 * batchRestore(300, 100) counts its gap). The keyset's counter then goes past the last signed
 * output, so a new output never repeats one the mint has signed.
 */

export const RESTORE = { batchSize: 100, gapLimit: 300 } as const

export const RESTORE_ERRORS = {
  noMints: 'No mints provided',
} as const

export interface RestoreScan {
  /** The first counter of the next batch. */
  next: number
  /** The highest counter the mint had signed, or null while none was found. */
  lastSigned: number | null
}

export const startScan = (): RestoreScan => ({ next: 0, lastSigned: null })

/** The scan after a batch of `size` from `scan.next`; `lastSigned` is the batch's last hit. */
export function afterBatch(
  scan: RestoreScan,
  lastSigned: number | undefined,
  size: number = RESTORE.batchSize,
): RestoreScan {
  return {
    next: scan.next + size,
    lastSigned: lastSigned === undefined ? scan.lastSigned : lastSigned,
  }
}

/** Counters asked for in a row with nothing signed since the last hit (or since 0). */
export const emptyRun = (scan: RestoreScan): number => scan.next - ((scan.lastSigned ?? -1) + 1)

export const scanDone = (scan: RestoreScan, gapLimit: number = RESTORE.gapLimit): boolean =>
  emptyRun(scan) >= gapLimit

/** The keyset's next counter after the scan: past the last signed output, never backwards. */
export const counterAfterScan = (scan: RestoreScan, current: number): number =>
  scan.lastSigned === null ? current : Math.max(current, scan.lastSigned + 1)
