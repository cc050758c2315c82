import { Link } from '@tanstack/react-router'
import { noteParam } from '../../../core/app/route-ids.ts'
import { Modal } from '../kit/Modal.tsx'
import { NoteFromParam } from './NoteFromParam.tsx'
import { ThreadView } from './ThreadView.tsx'
import { useThreadModal } from './use-thread-modal.ts'
import './thread.css'

/** A note's thread over the current page (?thread={id}); lazy, like the other overlays. */
export default function ThreadModal({ param }: { param: string }) {
  const modal = useThreadModal()
  return (
    <Modal title="Thread" onClose={modal.close}>
      <NoteFromParam param={param}>
        {(id) => (
          <div className="thread-modal">
            <ThreadView key={id} id={id} mode="modal" />
            <Link
              className="thread-page-link"
              to="/note/$noteId"
              params={{ noteId: noteParam(id) }}
              search={{}}
            >
              Open the note page
            </Link>
          </div>
        )}
      </NoteFromParam>
    </Modal>
  )
}
