import { useQuery } from '@tanstack/react-query'
import { type HistoryState, Link } from '@tanstack/react-router'
import { type KeyboardEvent, type MouseEvent, useContext, useId, useMemo } from 'react'
import { keepOpenedNote } from '../../../actors/feed/note-queries.ts'
import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import type { RepostInfo } from '../../../core/feed/feed-entry.ts'
import { repliedTo } from '../../../core/feed/nip10.ts'
import type { Note } from '../../../core/feed/note.ts'
import { sensitiveReason } from '../../../core/feed/sensitive-content.ts'
import { displayName } from '../../../core/people/profile.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import { useSystem } from '../../system-context.tsx'
import { Avatar } from '../people/Avatar.tsx'
import { REPOST_ICON_PATH } from './card-text.ts'
import { NoteContent } from './NoteContent.tsx'
import { NoteMenuButton } from './NoteMenuButton.tsx'
import { NoteActionsSlot } from './note-actions-slot.ts'
import { ReportWarning } from './ReportWarning.tsx'
import { SensitiveContent } from './SensitiveContent.tsx'
import './note.css'

interface NoteCardProps {
  note: Note
  position: number
  setSize: number
  now: number
  /** A feed row that is a repost (NIP-18): who reposted it, shown over the note. */
  repost?: RepostInfo | null
  /** Opens the note on Enter and on a click on the card (the feed); without it only links open it. */
  onOpen?(): void
  /** History state the link to the note carries (the feed's fromFeed and restoreIndex). */
  linkState?: HistoryState
  /** Called as the link to the note is followed (the feed records its place first). */
  onBeforeOpen?(): void
  /** Image Mode: pictures first and large, the text under them. */
  imageMode?: boolean
  /** Whether a note behind a content warning was revealed, when the list keeps that. */
  revealed?: boolean
  onReveal?(): void
  /**
   * The action bar (Reply, Repost, Like) and the More menu; off where the note is what a reply or
   * repost is about.
   */
  actions?: boolean
}

/** What a click on the card itself means; clicks on its links, buttons and media are theirs. */
const OWN_TARGETS = 'a, button, video, input, textarea, label, .note-quote'

export function NoteCard({
  note,
  position,
  setSize,
  now,
  repost = null,
  onOpen,
  linkState,
  onBeforeOpen,
  imageMode = false,
  revealed,
  onReveal,
  actions = true,
}: NoteCardProps) {
  const system = useSystem()
  const NoteActions = useContext(NoteActionsSlot)
  const { data: metadata } = useQuery(system.metadataQuery(note.pubkey))
  const name = displayName(metadata, note.pubkey)
  const headingId = useId()
  const replyTo = repliedTo(note)
  const sensitive = useMemo(() => sensitiveReason(note.tags, note.content), [note])
  const profile = { npub: profileParam(note.pubkey) }

  // The note page finds the note this card read, wherever that was (the link names no relay).
  const keep = () => keepOpenedNote(system.queryClient, note)
  const onClick = onOpen
    ? (event: MouseEvent<HTMLElement>) => {
        if ((event.target as Element).closest(OWN_TARGETS)) return
        // Selecting text is not a request to open the note.
        if (window.getSelection()?.toString()) return
        keep()
        onOpen()
      }
    : undefined
  const onKeyDown = onOpen
    ? (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault()
          keep()
          onOpen()
        }
      }
    : undefined
  const onLinkClick = () => {
    keep()
    onBeforeOpen?.()
  }

  return (
    <article
      className={imageMode ? 'note note-image-mode' : 'note'}
      aria-labelledby={headingId}
      aria-posinset={position}
      aria-setsize={setSize}
      // The WAI-ARIA feed pattern makes each article focusable.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: feed articles take focus by design
      tabIndex={0}
      data-note-id={note.id}
      data-repost-id={repost?.id}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {repost && <RepostLine repost={repost} now={now} />}
      <Link className="note-avatar" to="/npub/$npub" params={profile} tabIndex={-1} aria-hidden>
        <Avatar pubkey={note.pubkey} name={name} picture={metadata?.picture} />
      </Link>
      <div className="note-body">
        <header className="note-header">
          <h3 id={headingId} className="note-author">
            <Link to="/npub/$npub" params={profile}>
              {name}
            </Link>
          </h3>
          <Link
            className="note-time"
            to="/note/$noteId"
            params={{ noteId: noteParam(note.id) }}
            state={linkState}
            onClick={onLinkClick}
          >
            <time
              dateTime={new Date(note.created_at * 1000).toISOString()}
              title={absoluteTime(note.created_at)}
            >
              {relativeTime(note.created_at, now)}
            </time>
          </Link>
          {actions && <NoteMenuButton note={note} />}
        </header>
        {replyTo && <ReplyContext pubkey={replyTo} />}
        <ReportWarning noteId={note.id} />
        <SensitiveContent reason={sensitive} revealed={revealed} onReveal={onReveal}>
          <NoteContent content={note.content} tags={note.tags} imageMode={imageMode} />
        </SensitiveContent>
        {actions && NoteActions && <NoteActions note={note} />}
      </div>
    </article>
  )
}

/** "{name} reposted", over the reposted note. */
function RepostLine({ repost, now }: { repost: RepostInfo; now: number }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(repost.pubkey))
  return (
    <p className="note-repost">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path fill="currentColor" d={REPOST_ICON_PATH} />
      </svg>
      <Link to="/npub/$npub" params={{ npub: profileParam(repost.pubkey) }}>
        {displayName(metadata, repost.pubkey)}
      </Link>{' '}
      reposted
      <span className="note-repost-time" title={absoluteTime(repost.created_at)}>
        {' · '}
        {relativeTime(repost.created_at, now)}
      </span>
    </p>
  )
}

/** "Replying to …": the first person addressed other than the author. */
function ReplyContext({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return (
    <p className="note-reply-to">
      Replying to{' '}
      <Link to="/npub/$npub" params={{ npub: profileParam(pubkey) }}>
        {displayName(metadata, pubkey)}
      </Link>
    </p>
  )
}
