// @vitest-environment happy-dom
// useEngagementAsks: a view asks for the engagement of the notes it shows, once while it shows
// them, and holds it in the cache meanwhile.
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFirstScreen } from '../../../src/actors/app/first-screen.ts'
import type { PlumeSystem } from '../../../src/actors/system/plume-system.ts'
import type { NoteRef } from '../../../src/core/feed/note.ts'
import { useEngagementAsks } from '../../../src/ui/components/feed/use-engagement-asks.ts'
import { SystemProvider } from '../../../src/ui/system-context.tsx'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

/** The parts of the system the hook uses: no one logged in. */
function fakeSystem() {
  const asked: string[][] = []
  const held: string[][] = []
  const engagement: PlumeSystem['engagement'] = {
    ask: (notes) => void asked.push([...notes].map((note) => note.id)),
    hold(notes) {
      const ids = notes.map((note) => note.id)
      held.push(ids)
      return () => held.splice(held.indexOf(ids), 1)
    },
    likedByViewer: async () => false,
  }
  const login = {
    getSnapshot: () => ({ context: { pubkey: null } }),
    subscribe: () => ({ unsubscribe() {} }),
  }
  // Off the feed, the first screen holds nothing back.
  const firstScreen = createFirstScreen({ onFeed: () => false })
  const system = { engagement, login, firstScreen } as unknown as PlumeSystem
  return { system, asked, held }
}

const notes = (...ids: string[]): NoteRef[] => ids.map((id) => ({ id, pubkey: '' }))

function Asks({ shown }: { shown: readonly NoteRef[] }) {
  useEngagementAsks(shown)
  return null
}

describe('useEngagementAsks', () => {
  it('asks once while a note is shown, and again once it has left and come back', async () => {
    const { system, asked, held } = fakeSystem()
    const show = (shown: readonly NoteRef[]) =>
      act(() =>
        view.root.render(
          <SystemProvider system={system}>
            <Asks shown={shown} />
          </SystemProvider>,
        ),
      )
    show(notes('a', 'b'))
    await vi.waitFor(() => expect(asked).toEqual([['a', 'b']]))
    expect(held).toEqual([['a', 'b']])
    // The window moves down: b stays, a leaves.
    show(notes('b', 'c'))
    await vi.waitFor(() => expect(asked).toEqual([['a', 'b'], ['c']]))
    expect(held).toEqual([['b', 'c']])
    // Scrolled back up: a again, whose engagement the cache may have let go.
    show(notes('a', 'b', 'c'))
    await vi.waitFor(() => expect(asked).toEqual([['a', 'b'], ['c'], ['a']]))
    expect(held).toEqual([['a', 'b', 'c']])
    act(() => view.root.render(null))
    expect(held).toEqual([])
  })
})
