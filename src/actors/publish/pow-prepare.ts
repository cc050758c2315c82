/**
 * The publish machine's `prepare` step: with proof of work on (Settings), a note (kind 1: a new
 * note, a reply, a quote) is mined to the difficulty that will be used before it is signed; other
 * kinds, and every kind with proof of work off, go as built. The miner loads with the first note
 * mined, not with the app.
 */
import type { EventTemplate } from 'nostr-tools/pure'
import { fromPromise } from 'xstate'
import { TEXT_NOTE_KIND } from '../../core/feed/nip18.ts'
import type { PowTemplate } from '../../core/publish/pow-miner.ts'
import type { TemplateInput } from '../../machines/publish.machine.ts'
import type { MiningActor, MiningSession } from './mining.effects.ts'
import type { PrepareLogic } from './publish.effects.ts'

/** What a note is mined with. */
export interface Miner {
  /** The difficulty for these relays, or null when proof of work is off. */
  targetFor(relayUrls: readonly string[]): Promise<number | null>
  /** Starts mining the template (its pubkey set to `pubkey`) at `targetBits`. */
  mine(template: Omit<PowTemplate, 'pubkey'>, targetBits: number, pubkey: string): MiningSession
}

export interface PowPrepareOptions {
  /** The relays the note goes to: their NIP-11 may ask for more work. */
  relays(): string[]
  pubkey(): string | null
  /** The mining session while it runs, for its progress bar. */
  onSession(session: MiningActor): void
  /** Loads the miner (its code and workers), with the first note mined. */
  miner(): Promise<Miner>
}

export function powPrepare(options: PowPrepareOptions): PrepareLogic {
  return fromPromise<EventTemplate, TemplateInput>(async ({ input: { template }, signal }) => {
    if (template.kind !== TEXT_NOTE_KIND) return template
    const miner = await options.miner()
    const bits = await miner.targetFor(options.relays())
    if (bits === null || signal.aborted) return template
    // An empty pubkey is refused by the miner with the spec's message.
    const session = miner.mine(template, bits, options.pubkey() ?? '')
    options.onSession(session.actor)
    signal.addEventListener('abort', () => session.abort())
    const { kind, created_at, tags, content } = await session.result
    return { kind, created_at, tags, content }
  })
}
