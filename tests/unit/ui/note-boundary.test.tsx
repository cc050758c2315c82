// @vitest-environment happy-dom
// The note card boundary and the route fallback, rendered with React into happy-dom.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorFallback } from '../../../src/ui/components/ErrorFallback.tsx'
import { NOTE_UNAVAILABLE, NoteBoundary } from '../../../src/ui/components/NoteBoundary.tsx'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let container: HTMLElement
let root: Root
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  // React reports caught render errors on the console; the boundary's job is what shows.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.restoreAllMocks()
})

function Broken(): never {
  throw new Error('bad tags')
}

describe('NoteBoundary', () => {
  it('shows the card when it renders', () => {
    act(() =>
      root.render(
        <NoteBoundary noteId="a">
          <p>fine</p>
        </NoteBoundary>,
      ),
    )
    expect(container.textContent).toBe('fine')
  })

  it('replaces a card that throws, and only that card', () => {
    act(() =>
      root.render(
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
    expect(container.textContent).toBe(`before${NOTE_UNAVAILABLE}after`)
    expect(NOTE_UNAVAILABLE).toBe('Note temporarily unavailable')
    expect(container.querySelector('[data-note-id="b"]')?.textContent).toBe(NOTE_UNAVAILABLE)
  })
})

describe('ErrorFallback', () => {
  it("shows 'Component Error' with the message", () => {
    act(() => root.render(<ErrorFallback error={new Error('Boom')} reset={() => {}} />))
    expect(container.querySelector('h2')?.textContent).toBe('Component Error')
    expect(container.querySelector('p')?.textContent).toBe('Boom')
  })

  it("falls back to 'An unexpected error occurred' without a message", () => {
    act(() => root.render(<ErrorFallback error={new Error('')} reset={() => {}} />))
    expect(container.querySelector('p')?.textContent).toBe('An unexpected error occurred')
  })

  it('tries again on request', () => {
    const reset = vi.fn()
    act(() => root.render(<ErrorFallback error={new Error('x')} reset={reset} />))
    act(() => container.querySelector('button')?.click())
    expect(reset).toHaveBeenCalledOnce()
  })
})
