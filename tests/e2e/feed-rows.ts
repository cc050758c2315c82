/** What the seed predicts the home feed shows: its rows, newest first, and how to compare. */
import type { Page } from '@playwright/test'
import type { NostrEvent } from 'nostr-tools/pure'
import { expect } from './fixtures.ts'

export interface Row {
  /** The event that makes the row: the note, or the repost. */
  id: string
  noteId: string
  repost: boolean
  reply: boolean
  image: boolean
  /** Whose row it is: the reposter for a repost. */
  author: string
  hashtags: string[]
}

const IMAGE_URL = /https?:\/\/\S+\.(?:png|jpe?g|gif|webp|avif|svg)(?=\s|$)/i

/** Notes and reposts (showing their note), newest first, ties by id. */
export function predictRows(events: readonly NostrEvent[]): Row[] {
  const byId = new Map(events.map((event) => [event.id, event]))
  return events
    .filter((event) => event.kind === 1 || event.kind === 6)
    .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1))
    .flatMap((event): Row[] => {
      const note =
        event.kind === 1 ? event : byId.get(event.tags.find((tag) => tag[0] === 'e')?.[1] ?? '')
      if (!note) return []
      return [
        {
          id: event.id,
          noteId: note.id,
          repost: event.kind === 6,
          reply: note.tags.some((tag) => tag[0] === 'e'),
          image: IMAGE_URL.test(note.content),
          author: event.pubkey,
          hashtags: note.tags.filter((tag) => tag[0] === 't').map((tag) => tag[1] ?? ''),
        },
      ]
    })
}

/** The rows of a hashtag feed: notes (reposts carry no t tags) tagged with any of these. */
export const taggedRows = (rows: readonly Row[], hashtags: readonly string[]) =>
  rows.filter((row) => !row.repost && row.hashtags.some((tag) => hashtags.includes(tag)))

export const rowKey = (row: Row) => (row.repost ? `repost ${row.id}` : `note ${row.noteId}`)

/** The rows in the page now, in order, keyed as rowKey does. */
export const shownKeys = (page: Page) =>
  page
    .getByRole('feed')
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((article) => {
        const repost = article.getAttribute('data-repost-id')
        return repost ? `repost ${repost}` : `note ${article.getAttribute('data-note-id')}`
      }),
    )

/** The first `count` rows shown equal the first `count` predicted. */
export async function expectFirstRows(page: Page, rows: readonly Row[], count: number) {
  expect(rows.length, 'the seed has enough rows for this check').toBeGreaterThanOrEqual(count)
  await expect
    .poll(async () => (await shownKeys(page)).slice(0, count), { timeout: 20_000 })
    .toEqual(rows.slice(0, count).map(rowKey))
}
