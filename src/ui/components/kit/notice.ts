/**
 * A short word on what just happened ('Reposted', 'Cache cleared'), shown where the user is
 * looking and gone after a few seconds: a store outside React, so the window that did the work
 * may close at once while the word stays on screen.
 */
import { useSyncExternalStore } from 'react'

/** How long a notice stays (its fade is the last part of it, in CSS). */
export const NOTICE_MS = 4000
/** How long one with a button stays: time to read it, then reach the button. */
export const NOTICE_ACTION_MS = 8000

/** A button beside the words ('Undo'), which takes the notice away when pressed. */
export interface NoticeAction {
  label: string
  run(): void
}

export interface Notice {
  text: string
  /** Each notice is new, even with the text of the last one, so it is announced again. */
  id: number
  action?: NoticeAction
}

export interface NoticeStore {
  show(text: string, action?: NoticeAction): void
  /** Takes the notice away now. */
  hide(): void
  get(): Notice | null
  subscribe(listener: () => void): () => void
}

let lastId = 0

export function noticeStore(): NoticeStore {
  let current: Notice | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()
  const set = (next: Notice | null) => {
    current = next
    for (const listener of listeners) listener()
  }
  return {
    show(text, action) {
      clearTimeout(timer)
      set(action ? { text, id: ++lastId, action } : { text, id: ++lastId })
      timer = setTimeout(() => set(null), action ? NOTICE_ACTION_MS : NOTICE_MS)
    },
    hide() {
      clearTimeout(timer)
      set(null)
    },
    get: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const useNotice = (store: NoticeStore): Notice | null =>
  useSyncExternalStore(store.subscribe, store.get)

/** Over the whole app, at the top of the window (Toast.tsx): what a closed window did. */
export const toast = noticeStore()

/** What the last clear action of Settings, Cache cleared (CacheSection.tsx), beside its buttons. */
export const clearedNotice = noticeStore()
