// @vitest-environment happy-dom
// The kit's input-and-button row: the markup the relay, hashtag, search, difficulty, mint and
// token forms had each written out, and which their stylesheets and the browser tests select.
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { InputRow } from '../../../src/ui/components/kit/InputRow.tsx'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

describe('InputRow', () => {
  it('in a form: a div of the input and a submit button, named apart when asked', () => {
    act(() =>
      view.root.render(
        <form>
          <InputRow className="relay-add" action="Add" actionLabel="Add relay">
            <input aria-label="Relay" />
          </InputRow>
        </form>,
      ),
    )
    const row = view.container.querySelector('form > div')
    expect(row?.className).toBe('input-row relay-add')
    expect([...(row?.children ?? [])].map((child) => child.tagName)).toEqual(['INPUT', 'BUTTON'])
    const button = row?.querySelector('button')
    expect(button?.type).toBe('submit')
    expect(button?.className).toBe('button')
    expect(button?.getAttribute('aria-label')).toBe('Add relay')
    expect(button?.textContent).toBe('Add')
  })

  it('with onSubmit: the row is the form, and submitting it calls onSubmit', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault())
    act(() =>
      view.root.render(
        <InputRow className="search-form" action="Search" primary onSubmit={onSubmit}>
          <input aria-label="Search" />
        </InputRow>,
      ),
    )
    const form = view.container.firstElementChild as HTMLFormElement
    expect(form.tagName).toBe('FORM')
    expect(form.className).toBe('input-row search-form')
    expect(form.querySelector('button')?.className).toBe('button button-primary')
    act(() => form.querySelector('button')?.click())
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('stacked: the input and the button with no element of their own, the button disabled', () => {
    act(() =>
      view.root.render(
        <form>
          <InputRow stacked action="Receive" disabled>
            <textarea aria-label="Token" />
          </InputRow>
        </form>,
      ),
    )
    const form = view.container.querySelector('form')
    expect([...(form?.children ?? [])].map((child) => child.tagName)).toEqual([
      'TEXTAREA',
      'BUTTON',
    ])
    expect(form?.querySelector('button')?.disabled).toBe(true)
  })
})
