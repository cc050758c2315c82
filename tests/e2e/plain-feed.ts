/**
 * A fresh install shows notes tagged #bitcoin, #nostr or #news, their pictures drawn as ASCII art
 * (spec README decisions). Tests about something else that read the home feed start with every
 * note, as pictures: these preferences are set before the app's first script runs.
 * Only where nothing is stored yet, so what a test changes itself survives its reloads.
 */
import type { Page } from '@playwright/test'

export const showEveryNote = (page: Page) =>
  page.addInitScript(() => {
    const plain: Record<string, string> = {
      filterByImageNotesOnly: 'false',
      customHashtags: '[]',
      useAscii: 'false',
    }
    for (const [key, value] of Object.entries(plain)) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
    }
  })
