import { describe, expect, it } from 'vitest'
import {
  afterBatch,
  counterAfterScan,
  emptyRun,
  RESTORE,
  RESTORE_ERRORS,
  scanDone,
  startScan,
} from '../../../../src/core/ecash/cashu-restore-scan.ts'

/** Runs the scan over a mint that signed `signed` counters; returns the batch starts asked. */
function scanOver(signed: readonly number[]) {
  let scan = startScan()
  const asked: number[] = []
  while (!scanDone(scan)) {
    asked.push(scan.next)
    const hits = signed.filter((c) => c >= scan.next && c < scan.next + RESTORE.batchSize)
    scan = afterBatch(scan, hits.length ? Math.max(...hits) : undefined)
  }
  return { asked, scan }
}

describe('restore scan (spec §9: batches of 100, 300 in total)', () => {
  it("has the spec's constants and message", () => {
    expect(RESTORE).toEqual({ batchSize: 100, gapLimit: 300 })
    expect(RESTORE_ERRORS.noMints).toBe('No mints provided')
  })

  it('asks 300 outputs of a wallet that never made one, then stops', () => {
    const { asked, scan } = scanOver([])
    expect(asked).toEqual([0, 100, 200])
    expect(scan.lastSigned).toBeNull()
    expect(counterAfterScan(scan, 0)).toBe(0)
  })

  it('stops once 300 counters past the last signed one came back empty', () => {
    expect(scanOver([0, 5]).asked).toEqual([0, 100, 200, 300])
    expect(scanOver([99]).asked).toEqual([0, 100, 200, 300])
    // A hit at 350 resets the run: 400..699 must be asked too.
    expect(scanOver([3, 350]).asked).toEqual([0, 100, 200, 300, 400, 500, 600])
    // 420 lies past 300 empty counters after 5: never asked for.
    const { asked, scan } = scanOver([5, 420])
    expect(asked).toEqual([0, 100, 200, 300])
    expect(scan.lastSigned).toBe(5)
  })

  it('counts the empty run from the last hit', () => {
    expect(emptyRun(startScan())).toBe(0)
    expect(emptyRun(afterBatch(startScan(), 41))).toBe(58)
    expect(emptyRun(afterBatch(afterBatch(startScan(), 41), undefined))).toBe(158)
  })

  it('sets the counter past the last signed output, never backwards', () => {
    const scan = afterBatch(startScan(), 41)
    expect(counterAfterScan(scan, 0)).toBe(42)
    expect(counterAfterScan(scan, 60)).toBe(60)
    expect(counterAfterScan(startScan(), 7)).toBe(7)
  })
})
