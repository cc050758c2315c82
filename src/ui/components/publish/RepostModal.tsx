import { useEffect } from 'react'
import { isPublishing } from '../../../machines/publish.machine.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { NoteFromParam } from '../feed/NoteFromParam.tsx'
import { useNoteModal } from '../feed/use-note-modal.ts'
import { Modal } from '../kit/Modal.tsx'
import { toast } from '../kit/notice.ts'
import { Composer } from './Composer.tsx'
import { TargetNote } from './TargetNote.tsx'
import { usePublisher } from './use-publisher.ts'
import './compose.css'

/**
 * Repost a note (?repost={id}): as it is (kind 6), or quoted with your own words (a kind-1 note
 * with a q tag); lazy, like the other overlays. The first relay's acceptance is success (spec §4):
 * the window closes and the toast says so; the other relays' answers still arrive. A failure
 * keeps the window open with its message.
 */
export default function RepostModal({ param }: { param: string }) {
  const modal = useNoteModal('repost')
  return (
    <Modal title="Repost" onClose={modal.close}>
      <NoteFromParam param={param}>
        {(id) => <RepostForm id={id} close={modal.close} />}
      </NoteFromParam>
    </Modal>
  )
}

function RepostForm({ id, close }: { id: string; close: () => void }) {
  const publisher = usePublisher()
  const gate = useGated('repost')
  const { actor, snapshot } = publisher
  useEffect(() => {
    const subscription = actor.on('publish.accepted', ({ request }) => {
      toast.show(request.kind === 'quote' ? 'Quote published' : 'Reposted')
      close()
    })
    return () => subscription.unsubscribe()
  }, [actor, close])
  return (
    <TargetNote id={id}>
      {(note) => (
        <>
          <div className="form-row">
            <button
              type="button"
              className="button button-primary"
              disabled={isPublishing(snapshot)}
              onClick={() =>
                gate.run(() =>
                  actor.send({
                    type: 'publish.submitted',
                    request: { kind: 'repost', target: { id: note.id, pubkey: note.pubkey } },
                  }),
                )
              }
            >
              Repost
            </button>
          </div>
          {gate.problem && (
            <p className="form-error" role="alert">
              {gate.problem}
            </p>
          )}
          <Composer
            publisher={publisher}
            draft={{ kind: 'quote', id }}
            label="Or quote it with your words"
            submitLabel="Quote"
            action="quote"
            submitBlank
            toRequest={(content) => ({
              kind: 'quote',
              content,
              target: { id: note.id, pubkey: note.pubkey },
            })}
          />
        </>
      )}
    </TargetNote>
  )
}
