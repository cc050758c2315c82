/**
 * The report actor for the report dialog: what it is doing and the ways to ask it. The actor
 * (and the publishing code behind it) is the system's, loaded on first use: until it is, the
 * dialog suspends, as a lazily loaded overlay does while its code loads.
 */
import { useSelector } from '@xstate/react'
import { use } from 'react'
import type { Reporting } from '../../../actors/people/report.effects.ts'
import type { ReportTarget } from '../../../core/people/report.ts'
import type { ReportSnapshot } from '../../../machines/report.machine.ts'
import { useSystem } from '../../system-context.tsx'

export type ReportState = 'idle' | 'rejected' | 'choosing' | 'publishing' | 'done' | 'failed'

export interface ReportView {
  state: ReportState
  /** The note or person asked about, or the last one. */
  target: ReportTarget | null
  error: string | null
  detail: string | null
}

const viewOf = (snapshot: ReportSnapshot): ReportView => ({
  state: snapshot.value,
  target: snapshot.context.target,
  error: snapshot.context.error,
  detail: snapshot.context.detail,
})

const sameView = (a: ReportView, b: ReportView) =>
  a.state === b.state && a.target === b.target && a.error === b.error && a.detail === b.detail

export function useReporting(): { service: Reporting; view: ReportView } {
  const service = use(useSystem().reporting())
  const view = useSelector(service.actor, viewOf, sameView)
  return { service, view }
}
