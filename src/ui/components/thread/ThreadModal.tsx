import { Link } from '@tanstack/react-router'
import { noteParam } from '../../../core/route-ids.ts'
import { useThreadModal } from '../../hooks/use-thread-modal.ts'
import { Modal } from '../Modal.tsx'
import { NoteFromParam } from '../note/NoteFromParam.tsx'
import { ThreadView } from './ThreadView.tsx'

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
