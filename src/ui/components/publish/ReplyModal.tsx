import { NoteFromParam } from '../feed/NoteFromParam.tsx'
import { useNoteModal } from '../feed/use-note-modal.ts'
import { Modal } from '../kit/Modal.tsx'
import { Composer } from './Composer.tsx'
import { TargetNote } from './TargetNote.tsx'
import { usePublisher } from './use-publisher.ts'
import './compose.css'

/** A reply to a note, over the current page (?reply={id}); lazy, like the other overlays. */
export default function ReplyModal({ param }: { param: string }) {
  const modal = useNoteModal('reply')
  const publisher = usePublisher()
  return (
    <Modal title="Reply" onClose={modal.close}>
      <NoteFromParam param={param}>
        {(id) => (
          <TargetNote id={id}>
            {(note) => (
              <Composer
                publisher={publisher}
                draft={{ kind: 'reply', id }}
                label="Your reply"
                submitLabel="Reply"
                action="reply"
                toRequest={(content) => ({ kind: 'reply', content, parent: note })}
              />
            )}
          </TargetNote>
        )}
      </NoteFromParam>
    </Modal>
  )
}
