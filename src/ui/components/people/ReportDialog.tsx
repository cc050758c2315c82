import { useEffect, useId, useState } from 'react'
import {
  REPORT_LABELS,
  REPORT_MESSAGES,
  type ReportTarget,
  type ReportType,
  reportTypesFor,
} from '../../../core/people/report.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { ActionFooter } from '../kit/ActionFooter.tsx'
import { Field } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { toast } from '../kit/notice.ts'
import { useReporting } from './use-reporting.ts'
import './report.css'

const sameTarget = (a: ReportTarget | null, b: ReportTarget) =>
  a !== null && a.pubkey === b.pubkey && a.noteId === b.noteId

/**
 * Reporting a note or a person (NIP-56): the NIP's reasons to choose from, an optional comment,
 * Report or Cancel. It closes when a relay takes the report (the toast says so); when none does,
 * it says why, with Try again. It cannot be closed while the report is out, so its answer is not
 * missed.
 */
export function ReportDialog({ target, close }: { target: ReportTarget; close: () => void }) {
  const { service, view } = useReporting()
  const gate = useGated('report')
  const commentId = useId()
  const reasonName = useId()
  const [reportType, setReportType] = useState<ReportType | null>(null)
  const [comment, setComment] = useState('')
  const mine = sameTarget(view.target, target)
  // One report at a time: another one still out is waited for (Report stays disabled).
  const waiting = view.state === 'publishing' && !mine
  const state = mine ? view.state : 'idle'
  const publishing = state === 'publishing'

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only for another target
  useEffect(() => {
    if (waiting) return
    service.request(target)
    return () => service.cancel()
  }, [service, target.pubkey, target.noteId, waiting])

  useEffect(() => {
    if (!mine || view.state !== 'done') return
    toast.show(REPORT_MESSAGES.done)
    close()
  }, [mine, view.state, close])

  const confirm = () => gate.run(() => service.confirm(reportType, comment))
  const title = target.noteId === undefined ? 'Report profile' : 'Report note'

  return (
    <Modal title={title} onClose={publishing ? () => {} : close}>
      {state === 'rejected' ? (
        <>
          <p className="form-error" role="alert">
            {view.error}
          </p>
          <div className="form-row">
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <fieldset className="report-reasons" disabled={publishing}>
            <legend>Why are you reporting this?</legend>
            {reportTypesFor(target).map((type) => (
              <label key={type} className="report-reason">
                <input
                  type="radio"
                  name={reasonName}
                  value={type}
                  checked={reportType === type}
                  onChange={() => setReportType(type)}
                />
                {REPORT_LABELS[type]}
              </label>
            ))}
          </fieldset>
          <Field
            id={commentId}
            label="Comment (optional, sent with the report)"
            value={comment}
            onChange={setComment}
          />
          <ActionFooter
            failed={state === 'failed'}
            error={view.error}
            detail={view.detail}
            problem={gate.problem}
            busy={publishing}
            ready={reportType !== null && (state === 'choosing' || state === 'failed')}
            label="Report"
            busyLabel="Reporting…"
            onClose={close}
            onConfirm={confirm}
          />
        </>
      )}
    </Modal>
  )
}
