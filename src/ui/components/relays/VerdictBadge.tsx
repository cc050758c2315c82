import type { Verdict } from '../../../machines/relay-manager.machine.ts'
import './verdict.css'

const VERDICT_TEXT: Record<Verdict, string> = {
  reliable: 'Reliable',
  unhealthy: 'Unhealthy',
  slow: 'Slow',
  unproven: 'Unproven',
  forged: 'Forged events',
}

/** The dynamic relay manager's verdict on a relay, coloured by how bad it is. */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className="verdict" data-verdict={verdict}>
      {VERDICT_TEXT[verdict]}
    </span>
  )
}
