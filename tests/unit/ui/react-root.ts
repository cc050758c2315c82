// A React root in happy-dom for each test of the file, and the element it renders into.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

export function reactRoot() {
  let container: HTMLElement | undefined
  let root: Root | undefined
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
  })
  afterEach(() => {
    act(() => root?.unmount())
    container?.remove()
  })
  return {
    get root(): Root {
      if (!root) throw new Error('no root outside a test')
      return root
    },
    get container(): HTMLElement {
      if (!container) throw new Error('no root outside a test')
      return container
    },
  }
}
