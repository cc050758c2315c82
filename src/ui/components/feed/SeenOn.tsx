import { Fragment } from 'react'
import { useSystem } from '../../system-context.tsx'
import './thread.css'

/**
 * "Seen on": the relays that sent a verified copy of the note this session (NIP-65 routing made
 * visible). The hub's record is not reactive: it is read at each render, which the thread's data
 * arriving brings. Nothing shows for a note only the saved cache gave.
 */
export function SeenOn({ id }: { id: string }) {
  const relays = useSystem().hub.seenOn(id)
  if (relays.length === 0) return null
  return (
    <p className="seen-on" data-testid="seen-on">
      <span className="seen-on-label">Seen on</span>
      {relays.map((url) => (
        // The spaces keep the words apart when read as text; the layout spaces them by itself.
        <Fragment key={url}>
          {' '}
          <span className="seen-on-relay mono" data-relay={url}>
            {url}
          </span>
        </Fragment>
      ))}
    </p>
  )
}
