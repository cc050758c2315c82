// @vitest-environment happy-dom
// The note card boundary and the route fallback, rendered with React into happy-dom.
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorFallback } from '../../../src/ui/components/app/ErrorFallback.tsx'
import { NOTE_UNAVAILABLE, NoteBoundary } from '../../../src/ui/components/feed/NoteBoundary.tsx'
import { reactRoot } from './react-root.ts'

const view = reactRoot()
beforeEach(() => {
  // React reports caught render errors on the console; the boundary's job is what shows.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

function Broken(): never {
  throw new Error('bad tags')
}

describe('NoteBoundary', () => {
  it('shows the card when it renders', () => {
    act(() =>
      view.root.render(
        <NoteBoundary noteId="a">
          <p>fine</p>
        </NoteBoundary>,
      ),
    )
    expect(view.container.textContent).toBe('fine')
  })

  it('replaces a card that throws, and only that card', () => {
    act(() =>
      view.root.render(
        <>
          <NoteBoundary noteId="a">
            <p>before</p>
          </NoteBoundary>
          <NoteBoundary noteId="b">
            <Broken />
          </NoteBoundary>
          <NoteBoundary noteId="c">
            <p>after</p>
          </NoteBoundary>
        </>,
      ),
    )
    expect(view.container.textContent).toBe(`before${NOTE_UNAVAILABLE}after`)
    expect(NOTE_UNAVAILABLE).toBe('Note temporarily unavailable')
    expect(view.container.querySelector('[data-note-id="b"]')?.textContent).toBe(NOTE_UNAVAILABLE)
  })
})

describe('ErrorFallback', () => {
  it("shows 'Component Error' with the message", () => {
    act(() => view.root.render(<ErrorFallback error={new Error('Boom')} reset={() => {}} />))
    expect(view.container.querySelector('h2')?.textContent).toBe('Component Error')
    expect(view.container.querySelector('p')?.textContent).toBe('Boom')
  })

  it("falls back to 'An unexpected error occurred' without a message", () => {
    act(() => view.root.render(<ErrorFallback error={new Error('')} reset={() => {}} />))
    expect(view.container.querySelector('p')?.textContent).toBe('An unexpected error occurred')
  })

  it('tries again on request', () => {
    const reset = vi.fn()
    act(() => view.root.render(<ErrorFallback error={new Error('x')} reset={reset} />))
    act(() => view.container.querySelector('button')?.click())
    expect(reset).toHaveBeenCalledOnce()
  })
})
