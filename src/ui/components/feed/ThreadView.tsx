import { useNavigate } from '@tanstack/react-router'
import { type Ref, useEffect, useMemo, useRef, useState } from 'react'
import type { EventHints } from '../../../actors/relays/read-routes.ts'
import { noteParam } from '../../../core/app/route-ids.ts'
import type { Note } from '../../../core/feed/note.ts'
import { type ThreadLayout, threadNotes, threadSize } from '../../../core/feed/thread.ts'
import { type FoldedThread, foldOutside } from '../../../core/feed/thread-outside.ts'
import { isOutside } from '../../../core/people/web-of-trust.ts'
import {
  FAILED_TO_LOAD_NOTE,
  FAILED_TO_LOAD_REPLIES,
  REPLIES_NOT_CHECKED,
} from '../../../core/relays/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { LoadFailed } from '../kit/LoadFailed.tsx'
import { useTrusted } from '../people/use-web-of-trust.ts'
import { DeletedNote } from './DeletedNote.tsx'
import { MutedNote } from './MutedNote.tsx'
import { NoteBoundary } from './NoteBoundary.tsx'
import { NoteCard } from './NoteCard.tsx'
import { OutsideLine } from './OutsideLine.tsx'
import { SeenOn } from './SeenOn.tsx'
import { useEngagementAsks } from './use-engagement-asks.ts'
import { useThread } from './use-thread.ts'
import { useThreadModal } from './use-thread-modal.ts'
import './thread.css'

/** On the note page a card opens that note's page; in the modal, its thread in the same modal. */
export type ThreadMode = 'page' | 'modal'

/** Every relay asked has answered and none has the note. */
export const NOTE_NOT_FOUND = 'Note not found on your relays'
/** A parent in the chain that no relay gave. */
export const PARENT_NOT_FOUND = 'Earlier note not found'

type ItemKind = 'ancestor' | 'focused' | 'reply' | 'descendant'

/**
 * A note's thread: the root and parents above it, the note itself highlighted, its replies below,
 * oldest first, and under each reply everything that answers it, indented one level. The whole
 * thread is one WAI-ARIA feed of articles in reading order. `hints`: where the note is known to
 * be (an nevent's relays and author), asked beside the user's relays.
 */
export function ThreadView({
  id,
  mode,
  hints,
}: {
  id: string
  mode: ThreadMode
  hints?: EventHints
}) {
  const state = useThread(id, hints)
  const now = useNow()
  const openNote = useOpenNote(mode)
  const outside = useOutsideFolded(id, state.status === 'ready' ? state.layout : null)
  const focusedRef = useFocusedInView(outside.folded?.layout ?? null)
  useEngagementAsks(useThreadNotes(outside.folded?.layout ?? null))

  if (state.status === 'loading') return <p className="feed-message">Loading note…</p>
  if (state.status === 'not-found') {
    return (
      <p className="feed-message" role="status">
        {NOTE_NOT_FOUND}
      </p>
    )
  }
  if (state.status === 'failed') {
    return <LoadFailed message={FAILED_TO_LOAD_NOTE} retry={state.retry} />
  }

  const { loadingThread, repliesFailed } = state
  const { layout, outside: folded } = outside.folded ?? { layout: state.layout, outside: 0 }
  const size = threadSize(layout)
  let position = 0
  const item = (note: Note, kind: ItemKind) => (
    <ThreadItem
      key={note.id}
      itemRef={kind === 'focused' ? focusedRef : undefined}
      note={note}
      kind={kind}
      onOpen={kind === 'focused' ? undefined : () => openNote(note.id)}
      position={++position}
      setSize={size}
      now={now}
    />
  )

  return (
    <>
      <div className="thread" role="feed" aria-label="Thread" aria-busy={loadingThread}>
        {layout.above.map((above) =>
          above.kind === 'note' ? (
            item(above.note, 'ancestor')
          ) : (
            <article
              key={above.id}
              className="thread-gap"
              aria-posinset={++position}
              aria-setsize={size}
              data-missing-id={above.id}
            >
              {PARENT_NOT_FOUND}
            </article>
          ),
        )}
        {item(layout.focused, 'focused')}
        {layout.replies.map((branch) => (
          <div key={branch.note.id} className="thread-branch">
            {item(branch.note, 'reply')}
            {branch.descendants.length > 0 && (
              <div className="thread-descendants">
                {branch.descendants.map((note) => item(note, 'descendant'))}
              </div>
            )}
          </div>
        ))}
      </div>
      {folded > 0 && <OutsideLine count={folded} item="reply" onShow={outside.show} />}
      {loadingThread && <p className="thread-status">Loading replies…</p>}
      {repliesFailed &&
        (repliesFailed.kept ? (
          // The replies shown are still good: a quiet line, not a failure over them.
          <p className="thread-status" role="status">
            {REPLIES_NOT_CHECKED}{' '}
            <button type="button" className="button-quiet" onClick={repliesFailed.retry}>
              Try again
            </button>
          </p>
        ) : (
          <LoadFailed message={FAILED_TO_LOAD_REPLIES} retry={repliesFailed.retry} />
        ))}
      {!loadingThread && !repliesFailed && layout.replies.length === 0 && folded === 0 && (
        <p className="thread-status">No replies yet.</p>
      )}
    </>
  )
}

interface ThreadItemProps {
  itemRef?: Ref<HTMLDivElement> | undefined
  note: Note
  kind: ItemKind
  onOpen: (() => void) | undefined
  position: number
  setSize: number
  now: number
}

function ThreadItem({ itemRef, note, kind, onOpen, position, setSize, now }: ThreadItemProps) {
  const card = (
    <NoteBoundary noteId={note.id}>
      <NoteCard note={note} position={position} setSize={setSize} now={now} onOpen={onOpen} />
    </NoteBoundary>
  )
  // A note its author deleted keeps its place as a line, the opened one too: the author asked
  // for it to be gone, and the replies around it still need it.
  return (
    <div ref={itemRef} className={`thread-item thread-${kind}`}>
      <DeletedNote id={note.id} position={position} setSize={setSize}>
        {kind === 'focused' ? (
          // The note opened is shown whoever wrote it: the reader asked for it.
          <>
            {card}
            <SeenOn id={note.id} />
          </>
        ) : (
          <MutedNote
            note={note}
            item={kind === 'ancestor' ? 'note' : 'reply'}
            position={position}
            setSize={setSize}
          >
            {card}
          </MutedNote>
        )}
      </DeletedNote>
    </div>
  )
}

/**
 * The thread with the replies from outside the user's web of trust folded (core/feed/thread-outside.ts),
 * until Show opens them for this note.
 */
function useOutsideFolded(id: string, layout: ThreadLayout | null) {
  const trusted = useTrusted()
  const [shownFor, setShownFor] = useState<string | null>(null)
  const shown = shownFor === id
  const folded = useMemo(
    (): FoldedThread | null =>
      layout === null
        ? null
        : shown
          ? { layout, outside: 0 }
          : foldOutside(layout, (note) => isOutside(trusted, note.pubkey)),
    [layout, shown, trusted],
  )
  return { folded, show: () => setShownFor(id) }
}

function useOpenNote(mode: ThreadMode): (id: string) => void {
  const navigate = useNavigate()
  const modal = useThreadModal()
  return (id) =>
    void (mode === 'modal'
      ? modal.open(id)
      : navigate({ to: '/note/$noteId', params: { noteId: noteParam(id) } }))
}

/**
 * Parents arrive after the note and push it down: bring it back into view once, when they first
 * show, unless the reader has scrolled already (or the page restored a scroll position).
 */
function useFocusedInView(layout: ThreadLayout | null) {
  const ref = useRef<HTMLDivElement>(null)
  const hasAbove = (layout?.above.length ?? 0) > 0
  const done = useRef(false)
  useEffect(() => {
    const element = ref.current
    if (!hasAbove || !element || done.current) return
    done.current = true
    const scroller = element.closest('dialog')
    const scrolled = scroller ? scroller.scrollTop : window.scrollY
    if (scrolled === 0) element.scrollIntoView({ block: 'start' })
  }, [hasAbove])
  return ref
}

/** The notes the thread shows, in reading order. */
function useThreadNotes(layout: ThreadLayout | null): readonly Note[] {
  return useMemo(() => (layout === null ? [] : threadNotes(layout)), [layout])
}
