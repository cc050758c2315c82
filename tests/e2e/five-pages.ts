/**
 * A feed whose end is a few pages down: a relay holding the seed's 45 newest notes (five pages)
 * without reposts (a repost of a note left out would still show), every note shown, the app open
 * on it with its first rows in.
 */
import type { Page } from '@playwright/test'
import type { AppServer } from '../peers/app-server.ts'
import type { RelayHandle, RelayOptions } from '../peers/relay.ts'
import type { DemoWorld } from '../peers/seed/index.ts'
import { expectFirstRows, predictRows, type Row } from './feed-rows.ts'
import { expect } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

export const FIVE_PAGES = 45

export async function openFivePages(
  page: Page,
  world: DemoWorld,
  launchRelay: (options: RelayOptions) => Promise<RelayHandle>,
  openApp: (relays: RelayHandle[]) => Promise<AppServer>,
): Promise<{ relay: RelayHandle; rows: Row[] }> {
  const notes = world.events
    .filter((event) => event.kind === 1)
    .sort((a, b) => b.created_at - a.created_at)
    .slice(0, FIVE_PAGES)
  const others = world.events.filter((event) => event.kind !== 1 && event.kind !== 6)
  const relay = await launchRelay({ seed: [...others, ...notes] })
  await showEveryNote(page)
  await openApp([relay])
  const rows = predictRows(relay.events())
  expect(rows).toHaveLength(FIVE_PAGES)
  await expectFirstRows(page, rows, 3)
  return { relay, rows }
}
