import { NoteFromParam } from '../feed/NoteFromParam.tsx'
import { useNoteModal } from '../feed/use-note-modal.ts'
import { Modal } from '../kit/Modal.tsx'
import { ReportDialog } from '../people/ReportDialog.tsx'
import { useTargetNote } from './TargetNote.tsx'

const TITLE = 'Report note'

/**
 * Reporting someone else's note (?report={id}, NIP-56), opened from its More menu; lazy, like the
 * other overlays. The note is loaded first: the report names its author too.
 */
export default function ReportNoteModal({ param }: { param: string }) {
  const modal = useNoteModal('report')
  return (
    <NoteFromParam param={param} dialog={{ title: TITLE, onClose: modal.close }}>
      {(id) => <ReportLoadedNote id={id} close={modal.close} />}
    </NoteFromParam>
  )
}

function ReportLoadedNote({ id, close }: { id: string; close: () => void }) {
  const loaded = useTargetNote(id)
  if (!loaded.note) {
    return (
      <Modal title={TITLE} onClose={close}>
        {loaded.status}
      </Modal>
    )
  }
  return (
    <ReportDialog target={{ pubkey: loaded.note.pubkey, noteId: loaded.note.id }} close={close} />
  )
}
