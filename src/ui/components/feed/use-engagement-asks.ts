/**
 * The notes a view shows ask who liked and reposted them, and whether their authors deleted them
 * (actors/feed/engagement-queries.ts), together, once the first screen is drawn and the page is
 * idle: one REQ for a page of the feed, or for a thread, and none on the way to the first screen.
 * A note is asked for once per view.
 */
import { useEffect, useRef } from 'react'
import type { NoteRef } from '../../../core/feed/note.ts'
import { afterFirstScreen } from '../../hooks/use-after-first-screen.ts'
import { useSystem } from '../../system-context.tsx'

export function useEngagementAsks(notes: readonly NoteRef[]): void {
  const { firstScreen, engagement } = useSystem()
  const asked = useRef(new Set<string>())
  useEffect(() => {
    const fresh = notes.filter((note) => !asked.current.has(note.id))
    if (fresh.length === 0) return
    return afterFirstScreen(firstScreen, () => {
      for (const note of fresh) asked.current.add(note.id)
      engagement.ask(fresh)
    })
  }, [firstScreen, engagement, notes])
}
