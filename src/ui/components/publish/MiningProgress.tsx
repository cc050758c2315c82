import { useSelector } from '@xstate/react'
import { formatHashRate, formatTimeLeft } from '../../../core/publish/pow-display.ts'
import type { MiningActorRef, MiningSnapshot } from '../../../machines/mining.machine.ts'
import './pow.css'

interface MiningView {
  state: 'idle' | 'mining' | 'complete' | 'aborted' | 'error'
  targetBits: number
  currentBits: number
  progress: number
  hashesPerSecond: number
  estimatedTimeRemaining: number | null
  error: string | null
}

const view = (snapshot: MiningSnapshot): MiningView => ({
  state: snapshot.value,
  targetBits: snapshot.context.targetBits,
  currentBits: snapshot.context.currentBits,
  progress: snapshot.context.progress,
  hashesPerSecond: snapshot.context.hashesPerSecond,
  estimatedTimeRemaining: snapshot.context.estimatedTimeRemaining,
  error: snapshot.context.error,
})

const same = (a: MiningView, b: MiningView) =>
  (Object.keys(a) as (keyof MiningView)[]).every((key) => a[key] === b[key])

function heading({ state, targetBits, currentBits }: MiningView): string {
  if (state === 'complete') return `Proof of work found: ${currentBits} bits`
  if (state === 'aborted') return 'Mining aborted'
  if (state === 'error') return 'Mining failed'
  return `Mining proof of work: ${targetBits} bits`
}

/**
 * A mining session for the composer (spec §4): a progress bar with the hash rate, the progress
 * and the time left, and Abort while it runs. Shows nothing once the session is removed.
 */
export function MiningProgress({ session }: { session: MiningActorRef }) {
  const mining = useSelector(session, view, same)
  if (mining.state === 'idle') return null
  const running = mining.state === 'mining'
  return (
    <section className="mining-progress" aria-label="Proof of work">
      <div className="mining-progress-head">
        {/* A status: found, aborted or failed is announced; the numbers below are not. */}
        <strong role="status">{heading(mining)}</strong>
        {running && (
          <button
            type="button"
            className="button-quiet"
            onClick={() => session.send({ type: 'mining.abort' })}
          >
            Abort
          </button>
        )}
      </div>
      <progress max={100} value={mining.progress} aria-label="Proof of work progress" />
      {mining.state === 'error' ? (
        <p className="form-error" role="alert">
          {mining.error}
        </p>
      ) : (
        <p className="mining-progress-stats">
          {running
            ? `${formatHashRate(mining.hashesPerSecond)} · ${mining.progress} % · ${formatTimeLeft(mining.estimatedTimeRemaining)}`
            : `${mining.progress} %`}
        </p>
      )}
    </section>
  )
}
