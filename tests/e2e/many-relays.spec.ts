/**
 * The many-relay world is wired: the app opens on it with the general relays as its pool, both
 * connect, and notes each general relay stores (and the other does not) show in the feed. What the
 * app does with the other relays (outbox, inbox, hints) is for the routing specs.
 */
import { predictRows } from './feed-rows.ts'
import { expect, relayLight, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

test('the app opens on the many-relay world: both general relays connect and their notes show', async ({
  page,
  launchWorld,
  openApp,
}) => {
  const launched = await launchWorld()
  const { world } = launched
  const [a, b] = world.relays.general
  await showEveryNote(page)
  await openApp([...launched.general], '/', launched)

  for (const relay of launched.general) {
    await expect(relayLight(page, relay.url)).toHaveAttribute('data-state', 'connected')
  }
  // The newest plain root note only general A has, and the newest only B has: the feed reads both.
  const pool = [...new Set([...world.eventsByRelay.get(a)!, ...world.eventsByRelay.get(b)!])]
  const byId = new Map(pool.map((event) => [event.id, event]))
  const plain = (id: string) =>
    !byId.get(id)?.tags.some((t) => t[0] === 'content-warning' || (t[0] === 't' && t[1] === 'nsfw'))
  const roots = predictRows(pool).filter((row) => !row.repost && !row.reply && plain(row.noteId))
  const onlyOn = (url: string, other: string) =>
    roots.findIndex((row) => {
      const stored = world.relaysOf(row.noteId)
      return stored.includes(url) && !stored.includes(other)
    })
  const found = [onlyOn(a, b), onlyOn(b, a)]
  expect(Math.min(...found), 'a note only one general relay has').toBeGreaterThanOrEqual(0)
  // Top to bottom, scrolling down the feed until each shows.
  for (const index of found.sort((x, y) => x - y)) {
    const note = page.locator(`[data-note-id="${roots[index]!.noteId}"]`).first()
    await expect(async () => {
      if (!(await note.isVisible())) await page.mouse.wheel(0, 1200)
      await expect(note).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 30_000 })
  }
})
