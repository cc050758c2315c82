import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import { msatToSats, zapAmountMsat } from '../../../core/lightning/zap-receipt.ts'
import { notificationDetail } from '../../../core/notifications/notification-detail.ts'
import { type Notification, subjectNoteId } from '../../../core/notifications/notifications.ts'
import { displayName } from '../../../core/people/profile.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import { FAILED_TO_LOAD_NOTE } from '../../../core/relays/relay-messages.ts'
import { useSystem } from '../../system-context.tsx'
import { Avatar } from '../people/Avatar.tsx'
import { NoteExcerpt } from './NoteExcerpt.tsx'
import { TYPE_ICON, TYPE_LABEL } from './notification-labels.ts'

const satsText = (sats: number) => `${sats.toLocaleString('en')} ${sats === 1 ? 'sat' : 'sats'}`

interface RowProps {
  notification: Notification
  /** Newer than the visit before this one. */
  isNew: boolean
  /** Unix seconds, for relative times. */
  now: number
}

/** One notification: its type, who, when, and the note it is about, linked. */
export function NotificationRow({ notification, isNew, now }: RowProps) {
  const { type, actor, created_at, event } = notification
  const subject = subjectNoteId(notification)
  const msat = type === 'zap' ? zapAmountMsat(event) : null
  return (
    <li
      className="notification"
      data-type={type}
      data-event-id={event.id}
      data-new={isNew ? 'true' : undefined}
    >
      <div className="notification-head">
        <span className="notification-type">
          <span className="notification-icon" aria-hidden="true">
            {TYPE_ICON[type]}
          </span>
          {TYPE_LABEL[type]}
          {msat !== null && (
            <span className="notification-sats"> · {satsText(msatToSats(msat))}</span>
          )}
        </span>
        <Actor pubkey={actor} />
        {isNew && <span className="notification-new">New</span>}
        <time
          className="notification-time"
          dateTime={new Date(created_at * 1000).toISOString()}
          title={absoluteTime(created_at)}
        >
          {relativeTime(created_at, now)}
        </time>
      </div>
      <Detail notification={notification} />
      {subject === event.id ? (
        <SubjectLink id={subject}>
          <NoteExcerpt content={event.content} />
        </SubjectLink>
      ) : (
        subject && <LoadedSubject id={subject} />
      )}
    </li>
  )
}

function Actor({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  const name = displayName(metadata, pubkey)
  return (
    <Link className="notification-actor" to="/npub/$npub" params={{ npub: profileParam(pubkey) }}>
      <Avatar pubkey={pubkey} name={name} picture={metadata?.picture} />
      <span className="notification-name">{name}</span>
    </Link>
  )
}

/** What the person said along with it (core/notifications/notification-detail.ts). */
function Detail({ notification }: { notification: Notification }) {
  const text = notificationDetail(notification)
  return text ? <p className="notification-detail">{text}</p> : null
}

function SubjectLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link className="notification-note" to="/note/$noteId" params={{ noteId: noteParam(id) }}>
      {children}
    </Link>
  )
}

/** The liked, reposted or zapped note, fetched with the others on the page in one request. */
function LoadedSubject({ id }: { id: string }) {
  const { data: note, isPending, isError } = useQuery(useSystem().noteQuery(id))
  return (
    <SubjectLink id={id}>
      {note ? (
        <NoteExcerpt content={note.content} />
      ) : (
        <span className="notification-note-missing">
          {isPending
            ? 'Loading note…'
            : isError
              ? FAILED_TO_LOAD_NOTE
              : 'Note not found on your relays'}
        </span>
      )}
    </SubjectLink>
  )
}
