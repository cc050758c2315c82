/**
 * The notes a view shows ask who liked and reposted them, and whether their authors deleted them
 * (actors/feed/engagement-queries.ts), together, once the first screen is drawn and the page is
 * idle: one REQ for a page of the feed, or for a thread, and none on the way to the first screen.
 * A note is asked for once while the view shows it, per viewer, and its engagement is held in the
 * cache meanwhile; one that leaves the view and comes back (a page the feed's window let go) is
 * asked again, as the cache may have let its engagement go.
 */
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { NoteRef } from '../../../core/feed/note.ts'
import { afterFirstScreen } from '../../hooks/use-after-first-screen.ts'
import { useSystem } from '../../system-context.tsx'

export function useEngagementAsks(notes: readonly NoteRef[]): void {
  const { firstScreen, engagement, login } = useSystem()
  // What a note's engagement holds depends on the viewer (their likes, their follows' reports):
  // after a login or a logout the notes shown are asked again.
  const viewer = useSelector(login, (snapshot) => snapshot.context.pubkey)
  const asked = useRef({ viewer, ids: new Set<string>() })
  useEffect(() => engagement.hold(notes), [engagement, notes])
  useEffect(() => {
    if (asked.current.viewer !== viewer) asked.current = { viewer, ids: new Set() }
    const ids = asked.current.ids
    const shown = new Set(notes.map((note) => note.id))
    for (const id of ids) if (!shown.has(id)) ids.delete(id)
    const fresh = notes.filter((note) => !ids.has(note.id))
    if (fresh.length === 0) return
    return afterFirstScreen(firstScreen, () => {
      for (const note of fresh) ids.add(note.id)
      engagement.ask(fresh)
    })
  }, [firstScreen, engagement, notes, viewer])
}
