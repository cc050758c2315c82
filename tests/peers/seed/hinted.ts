// Notes stored only on the hint-only relay, which is in nobody's relay list: the only way to them
// is the relay hint in the note that points at them, a nostr:nevent (NIP-19) in its text or the
// hint of a q tag (NIP-18). Fixed texts and ages; the draws come from the relay stream, so the
// rest of the world is the same with or without them.
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import { type Author, publish, type WorldContext } from './context.ts'
import type { Rng } from './prng.ts'
import { outboxHint } from './relay-lists.ts'
import { hashtagsIn } from './template.ts'
import { HOUR, MINUTE } from './timeline.ts'

export interface HintedNote {
  /** the note stored only on `relay` */
  id: string
  relay: string
  /** the seeded note that points at it */
  referencedBy: string
  /** how: a nostr:nevent with the relay in the text, or a q tag hint (the text has a bare note1) */
  via: 'nevent' | 'q'
}

const HINTED: readonly { text: string; ageHours: number; via: HintedNote['via']; says: string }[] =
  [
    {
      text: 'Testing a tiny relay of my own: this note lives nowhere else. If you can read it, your client followed a relay hint. #nostr',
      ageHours: 3,
      via: 'nevent',
      says: 'Found this on a relay I had never heard of, and it still loaded: %REF% #nostr',
    },
    {
      text: 'Field notes from the allotment, kept on a private relay for now. Garlic is up, the broad beans are not. #garden',
      ageHours: 7,
      via: 'nevent',
      says: 'Worth a read, even if it lives on a one-person relay: %REF% #nostr',
    },
    {
      text: 'A pointer that says where to look is worth more than one that only says what to look for. #nostrdev',
      ageHours: 11,
      via: 'q',
      says: 'The whole case for relay hints in one line. %REF% #nostr',
    },
  ]

/** True when the hint-only relay is a relay of its own (not the one relay of a small world). */
export function hasHintOnlyRelay(ctx: WorldContext): boolean {
  const url = ctx.relays.hintOnly
  return ![...ctx.relayLists.values()].some((list) => list.entries.some((e) => e.url === url))
}

export function publishHintedNotes(ctx: WorldContext, rng: Rng): HintedNote[] {
  if (!hasHintOnlyRelay(ctx)) return []
  const relay = ctx.relays.hintOnly
  const general = new Set<string>(ctx.relays.general)
  const others = ctx.authors.filter((a) => a !== ctx.demo)
  // the pointers come from people the demo account follows who write to a general relay, so a
  // reader of the default pool meets them
  const followed = ctx.follows.get(ctx.demo.persona.handle)
  const visible = others.filter(
    (a) =>
      followed?.has(a.persona.handle) &&
      ctx.relayLists.get(a.id.pubkey)?.write.some((url) => general.has(url)),
  )
  const writers = rng.sample(others, HINTED.length)
  const pointers = rng.sample(
    visible.filter((a) => !writers.includes(a)),
    HINTED.length,
  )
  return HINTED.map((h, i) => {
    const writer = writers[i] as Author
    const pointer = pointers[i] as Author
    const at = ctx.now - h.ageHours * HOUR
    const note = publish(ctx, writer, {
      kind: 1,
      created_at: at,
      tags: hashtagsIn(h.text).map((t) => ['t', t]),
      content: h.text,
    })
    const ref =
      h.via === 'nevent'
        ? neventEncode({ id: note.id, relays: [relay], author: note.pubkey, kind: 1 })
        : noteEncode(note.id)
    const content = h.says.replace('%REF%', `nostr:${ref}`)
    const tags = [
      ...(h.via === 'q' ? [['q', note.id, relay, note.pubkey]] : []),
      ['p', note.pubkey, outboxHint(ctx, note.pubkey)],
      ...hashtagsIn(content).map((t) => ['t', t]),
    ]
    const by = publish(ctx, pointer, { kind: 1, created_at: at + 25 * MINUTE, tags, content })
    return { id: note.id, relay, referencedBy: by.id, via: h.via }
  })
}
