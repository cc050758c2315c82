/**
 * A note's action bar: Reply, Repost and Zap open their modals (?reply=, ?repost=, ?zap={id}); Like
 * publishes a reaction, once: a note the viewer liked (here, or as the relays say) shows Liked.
 * Beside Repost and Like, how many people did each (core/feed/engagement.ts). On every card of the
 * feed, so it stays light: the publishing code loads on the first like, and a visitor's like goes
 * through the login gate first.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, memo, Suspense, useState } from 'react'
import { engagementKey } from '../../actors/feed/engagement-queries.ts'
import type { Engagement } from '../../core/feed/engagement.ts'
import type { Note } from '../../core/feed/note.ts'
import { type OwnAction, ownActionKey, viewerSide } from '../../core/feed/own-actions.ts'
import { PUBLISH_ERRORS } from '../../core/relays/publish-checks.ts'
import { withSigner } from '../components/identity/signing-gate.ts'
import { useAfterFirstScreen } from '../hooks/use-after-first-screen.ts'
import { useCachedData, useCachedFlag } from '../hooks/use-cached-flag.ts'
import { useSystem } from '../system-context.tsx'
import '../components/publish/compose.css'
import '../components/lightning/zap-action.css'

// The zap total, and the mark of a note written offline and still in the outbox, load once the
// first screen is drawn and the page is idle.
const ZapTotal = lazy(() => import('../components/lightning/ZapTotal.tsx'))
const QueuedMark = lazy(() => import('../components/publish/QueuedMark.tsx'))

/** Whether the logged-in user did this to the note (the event's id), from the query cache. */
const useOwnAction = (action: OwnAction, pubkey: string | null, noteId: string): boolean =>
  useCachedFlag(useQueryClient(), pubkey === null ? null : ownActionKey(action, pubkey, noteId))

// Memoized: a card renders again as its author's profile arrives, the bar need not.
export const NoteActions = memo(function NoteActions({ note }: { note: Note }) {
  const system = useSystem()
  const navigate = useNavigate()
  const pubkey = useSelector(system.login, (snapshot) => snapshot.context.pubkey)
  const queryClient = useQueryClient()
  const engagement = useCachedData<Engagement>(queryClient, engagementKey(note.id))
  const likes = viewerSide(engagement?.likers, pubkey, useOwnAction('reacted', pubkey, note.id))
  const reposts = viewerSide(
    engagement?.reposters,
    pubkey,
    useOwnAction('reposted', pubkey, note.id),
  )
  const liked = likes.done
  const reposted = reposts.done
  const [liking, setLiking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const idle = useAfterFirstScreen()

  const openModal = (param: 'reply' | 'repost' | 'zap' | 'unlockKey') =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, [param]: param === 'unlockKey' ? true : note.id }),
      resetScroll: false,
    })

  const publishLike = async () => {
    setLiking(true)
    setError(null)
    try {
      const publishing = await system.publishing()
      // A like made before (another device, or before a reload) may not have shown yet: the
      // relays are asked first, and a known like is shown rather than sent again (NIP-25 counts
      // one reaction per person).
      if (await system.engagement.likedByViewer(note)) return
      const target = { id: note.id, pubkey: note.pubkey, kind: 1 }
      setError(await publishing.once({ kind: 'reaction', target }))
    } catch (problem) {
      // The publishing code failed to load (offline after an update, say).
      setError((problem as Error).message)
    } finally {
      setLiking(false)
    }
  }

  const like = () => {
    const outcome = withSigner(system.login, 'like', () => void publishLike())
    if (outcome === 'unlock') openModal('unlockKey')
    setError(outcome === 'read-only' ? PUBLISH_ERRORS.loginRequired : null)
  }

  const zap = () => {
    const outcome = withSigner(system.login, 'zap', () => openModal('zap'))
    if (outcome === 'unlock') openModal('unlockKey')
    setError(outcome === 'read-only' ? PUBLISH_ERRORS.loginRequired : null)
  }

  return (
    <footer className="note-actions">
      <button
        type="button"
        className="note-action"
        data-action="reply"
        onClick={() => openModal('reply')}
      >
        Reply
      </button>
      <span className="note-action-pair">
        <button
          type="button"
          className="note-action"
          data-action="repost"
          data-done={reposted || undefined}
          onClick={() => openModal('repost')}
        >
          {reposted ? 'Reposted' : 'Repost'}
        </button>
        <ActionCount count={reposts.count} one="repost" many="reposts" />
      </span>
      <span className="note-action-pair">
        <button
          type="button"
          className="note-action"
          data-action="like"
          aria-pressed={liked}
          data-done={liked || undefined}
          disabled={liking || liked}
          onClick={like}
        >
          {liked ? 'Liked' : liking ? 'Liking…' : 'Like'}
        </button>
        <ActionCount count={likes.count} one="like" many="likes" />
      </span>
      <button type="button" className="note-action" data-action="zap" onClick={zap}>
        Zap
      </button>
      <Suspense fallback={null}>
        {idle && <ZapTotal note={note} />}
        {idle && <QueuedMark noteId={note.id} queryClient={queryClient} />}
      </Suspense>
      {error && (
        <p className="note-action-error" role="alert">
          {error}
        </p>
      )}
    </footer>
  )
})

/** How many people liked or reposted the note; nothing while none (or not known yet). */
function ActionCount({ count, one, many }: { count: number; one: string; many: string }) {
  if (count === 0) return null
  return (
    <span className="note-action-count" data-count={many}>
      {count}
      <span className="visually-hidden"> {count === 1 ? one : many}</span>
    </span>
  )
}
