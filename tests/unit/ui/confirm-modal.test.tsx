// @vitest-environment happy-dom
// The confirm modal of the clear actions (spec §2), rendered with React into happy-dom.
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmModal } from '../../../src/ui/components/kit/ConfirmModal.tsx'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

const buttons = () => [...view.container.querySelectorAll('button')]
const button = (text: string) => buttons().find((b) => b.textContent === text)

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('ConfirmModal', () => {
  it('defaults to the title and button Clear Cache, with Cancel', () => {
    const onClose = vi.fn()
    act(() =>
      view.root.render(
        <ConfirmModal onConfirm={() => {}} onClose={onClose}>
          <p>What goes</p>
        </ConfirmModal>,
      ),
    )
    expect(view.container.querySelector('h2, h3, [id]')?.textContent).toBe('Clear Cache')
    expect(button('Clear Cache')).toBeDefined()
    act(() => button('Cancel')?.click())
    expect(onClose).toHaveBeenCalledOnce()
  })

  it("reads 'Clearing...' while busy, then closes", async () => {
    const work = deferred()
    const onClose = vi.fn()
    act(() =>
      view.root.render(
        <ConfirmModal
          title="Clear Saved Keys"
          confirmLabel="Clear Saved Keys"
          onConfirm={() => work.promise}
          onClose={onClose}
        >
          <p>Keys</p>
        </ConfirmModal>,
      ),
    )
    act(() => button('Clear Saved Keys')?.click())
    expect(button('Clearing...')?.disabled).toBe(true)
    expect(button('Cancel')?.disabled).toBe(true)
    await act(async () => work.resolve())
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('a failure stays on screen, the modal open, the action ready to try again', async () => {
    const work = deferred()
    const onClose = vi.fn()
    act(() =>
      view.root.render(
        <ConfirmModal onConfirm={() => work.promise} onClose={onClose}>
          <p>Cache</p>
        </ConfirmModal>,
      ),
    )
    act(() => button('Clear Cache')?.click())
    await act(async () => work.reject(new Error('The database is blocked')))
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'The database is blocked',
    )
    expect(onClose).not.toHaveBeenCalled()
    expect(button('Clear Cache')?.disabled).toBe(false)
  })

  it('a refusal says why and keeps the action disabled', () => {
    act(() =>
      view.root.render(
        <ConfirmModal refusal="Back up your ecash first" onConfirm={() => {}} onClose={() => {}}>
          <p>Everything</p>
        </ConfirmModal>,
      ),
    )
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Back up your ecash first',
    )
    expect(button('Clear Cache')?.disabled).toBe(true)
  })
})
