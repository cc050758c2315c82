/**
 * What feed rows ask the relays for as they show: the profiles on them (the author, the
 * reposter, the person a reply answers, the people the text names, the authors of the quotes
 * that name theirs) and the notes they quote. A page asks for all of its rows' at once
 * (use-page-asks.ts); a quote that does not name its author has it asked for once it arrives.
 */
import { segmentContent } from './content.ts'
import type { FeedEntry } from './feed-entry.ts'
import { repliedTo } from './nip10.ts'
import { type EventPointer, quotedNotes } from './nip18.ts'

export interface RowAsks {
  pubkeys: string[]
  /** The quoted notes, with their relay hints: one only a hinted relay has is asked there too. */
  notes: EventPointer[]
}

export function rowAsks(entries: readonly FeedEntry[]): RowAsks {
  const pubkeys = new Set<string>()
  const notes = new Map<string, EventPointer>()
  for (const { note, repost } of entries) {
    if (!note) continue
    pubkeys.add(note.pubkey)
    if (repost) pubkeys.add(repost.pubkey)
    const answered = repliedTo(note)
    if (answered) pubkeys.add(answered)
    for (const segment of segmentContent(note.content)) {
      if (segment.kind === 'reference' && segment.reference.type === 'profile') {
        pubkeys.add(segment.reference.pubkey)
      }
    }
    for (const quote of quotedNotes(note.tags, note.content)) {
      if (!notes.has(quote.id) || quote.relays.length > 0) notes.set(quote.id, quote)
      if (quote.author) pubkeys.add(quote.author)
    }
  }
  return { pubkeys: [...pubkeys], notes: [...notes.values()] }
}
