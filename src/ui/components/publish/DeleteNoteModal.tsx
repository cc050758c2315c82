import { useEffect, useId, useState } from 'react'
import { DELETE_EXPLANATION, DELETE_MESSAGES } from '../../../core/publish/note-delete.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { NoteFromParam } from '../feed/NoteFromParam.tsx'
import { useNoteModal } from '../feed/use-note-modal.ts'
import { ActionFooter } from '../kit/ActionFooter.tsx'
import { Field } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { toast } from '../kit/notice.ts'
import { TargetNote, useTargetNote } from './TargetNote.tsx'
import { useNoteDelete } from './use-note-delete.ts'
import './compose.css'
import './delete-note.css'

const TITLE = 'Delete note'

/**
 * Deleting one's own note (?delete={id}), opened from its More menu; lazy, like the other
 * overlays. It says what happens and asks; once confirmed the note leaves every view, and the
 * window closes when a relay accepts the request (the toast says so). When none does, the note
 * comes back and the window says why, with Try again. It cannot be closed while the request is
 * out, so its answer is not missed.
 */
export default function DeleteNoteModal({ param }: { param: string }) {
  const modal = useNoteModal('delete')
  return (
    <NoteFromParam param={param} dialog={{ title: TITLE, onClose: modal.close }}>
      {(id) => <DeleteDialog id={id} close={modal.close} />}
    </NoteFromParam>
  )
}

function DeleteDialog({ id, close }: { id: string; close: () => void }) {
  const { service, view } = useNoteDelete()
  const loaded = useTargetNote(id).note
  const gate = useGated('delete')
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const mine = view.noteId === id
  // One deletion at a time: another one still out is waited for.
  const waiting = view.state === 'publishing' && !mine
  const state = mine ? view.state : 'idle'
  const publishing = state === 'publishing'

  // Asked once the note is here (the machine checks it is the user's); let go on closing.
  const noteId = loaded?.id ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only for another note
  useEffect(() => {
    if (!loaded || waiting) return
    service.request(loaded)
    return () => service.cancel()
  }, [service, noteId, waiting])

  useEffect(() => {
    if (!mine || view.state !== 'done') return
    toast.show(DELETE_MESSAGES.done)
    close()
  }, [mine, view.state, close])

  const confirm = () => gate.run(() => service.confirm(reason))

  return (
    <Modal title={TITLE} onClose={publishing ? () => {} : close}>
      <TargetNote id={id}>
        {() =>
          state === 'rejected' ? (
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
              <p className="delete-explanation">{DELETE_EXPLANATION}</p>
              <Field
                id={reasonId}
                label="Reason (optional, sent with the request)"
                value={reason}
                onChange={setReason}
              />
              {waiting && (
                <p className="form-hint" role="status">
                  Waiting for the last deletion to finish…
                </p>
              )}
              <ActionFooter
                failed={state === 'failed'}
                error={view.error}
                detail={view.detail}
                problem={gate.problem}
                busy={publishing}
                ready={state === 'confirming' || state === 'failed'}
                label="Delete"
                busyLabel="Deleting…"
                onClose={close}
                onConfirm={confirm}
              />
            </>
          )
        }
      </TargetNote>
    </Modal>
  )
}
