// @vitest-environment happy-dom
// useCachedFlag: a card's flag read from the query cache (liked, reposted, queued); useCachedData:
// the data itself (who liked and reposted the note).
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { useCachedData, useCachedFlag } from '../../../src/ui/hooks/use-cached-flag.ts'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

function show(queryClient: QueryClient, key: readonly unknown[] | null) {
  const renders = { count: 0 }
  function Flag() {
    renders.count++
    return <p>{useCachedFlag(queryClient, key) ? 'set' : 'unset'}</p>
  }
  act(() => view.root.render(<Flag />))
  return renders
}

describe('useCachedFlag', () => {
  it('follows the data under its key, and only its key', () => {
    const queryClient = new QueryClient()
    const renders = show(queryClient, ['reacted', 'me', 'note1'])
    expect(view.container.textContent).toBe('unset')

    // The feed loading: other queries come and change, and the card is not drawn again.
    const before = renders.count
    act(() => {
      for (let i = 0; i < 50; i++) queryClient.setQueryData(['metadata', `p${i}`], { name: i })
      queryClient.setQueryData(['reacted', 'me', 'note2'], true)
    })
    expect(renders.count).toBe(before)
    expect(view.container.textContent).toBe('unset')

    act(() => queryClient.setQueryData(['reacted', 'me', 'note1'], true))
    expect(view.container.textContent).toBe('set')
    act(() => queryClient.removeQueries({ queryKey: ['reacted', 'me', 'note1'] }))
    expect(view.container.textContent).toBe('unset')
  })

  it('is false without a key (no one logged in)', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['reacted', 'me', 'note1'], true)
    show(queryClient, null)
    expect(view.container.textContent).toBe('unset')
  })
})

describe('useCachedData', () => {
  it('gives the data under its key as it changes, undefined while there is none', () => {
    const queryClient = new QueryClient()
    function Likers() {
      const data = useCachedData<{ likers: string[] }>(queryClient, ['engagement', 'note1'])
      return <p>{data === undefined ? 'unknown' : data.likers.join(',')}</p>
    }
    act(() => view.root.render(<Likers />))
    expect(view.container.textContent).toBe('unknown')
    act(() => queryClient.setQueryData(['engagement', 'note1'], { likers: ['a', 'b'] }))
    expect(view.container.textContent).toBe('a,b')
    act(() => queryClient.setQueryData(['engagement', 'note1'], { likers: [] }))
    expect(view.container.textContent).toBe('')
  })
})
