/**
 * `npx tsx bench/wide-world.ts`: starts the wide world (500 authors over 40 relays, by default),
 * prints how long generating and seeding took and what it holds, and stops. WIDE_AUTHORS and
 * WIDE_RELAYS change its size.
 */
import { startWideWorld } from './peers.ts'

const authors = Number(process.env.WIDE_AUTHORS ?? 500)
const spreadRelays = Number(process.env.WIDE_RELAYS ?? 40)
const peers = await startWideWorld({ authors, spreadRelays })
try {
  const { world, timings } = peers
  const stored = [...world.eventsByRelay.values()].map((events) => events.length)
  console.log(
    `wide world: ${world.authors.length} authors, ${world.relayUrls.length} relays ` +
      `(${world.relays.spread.length} spread), ${world.events.length} events, ` +
      `${world.followedNotes.length} followed notes of the last 7 days`,
  )
  console.log(
    `  generate and sign: ${Math.round(timings.generateMs)} ms, seed the relays: ${Math.round(timings.seedMs)} ms`,
  )
  console.log(
    `  events per spread relay: ${Math.min(...stored.slice(3))}–${Math.max(...stored.slice(3))}`,
  )
} finally {
  await peers.close()
}
