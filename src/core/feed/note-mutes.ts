/**
 * What a note's More menu offers to mute (NIP-51 kind 10000): its author (not the user's own
 * notes), its thread (the NIP-10 root: muting it hides the root and every reply naming it) and
 * each of its hashtags (t tags, once each). Menu mutes are private: the person muted is not shown
 * that they are (as other clients do).
 */
import type { MuteChange, MuteTarget } from '../people/mute-edit.ts'
import type { Note } from './note.ts'
import { threadRootId } from './thread.ts'

export function noteMuteTargets(
  note: Pick<Note, 'id' | 'pubkey' | 'tags'>,
  viewer: string,
): MuteTarget[] {
  const targets: MuteTarget[] = []
  if (note.pubkey !== viewer) targets.push({ kind: 'p', value: note.pubkey })
  targets.push({ kind: 'e', value: threadRootId(note) })
  const seen = new Set<string>()
  for (const [name, value] of note.tags) {
    if (name !== 't' || typeof value !== 'string') continue
    const tag = value.trim().replace(/^#+/, '').toLowerCase()
    if (tag === '' || /\s/.test(tag) || seen.has(tag)) continue
    seen.add(tag)
    targets.push({ kind: 't', value: tag })
  }
  return targets
}

/** The menu's words: 'Mute @ann', 'Mute this thread', 'Mute #nostr'. */
export function muteItemText(target: MuteTarget, name: string): string {
  if (target.kind === 'p') return `Mute @${name}`
  if (target.kind === 'e') return 'Mute this thread'
  return `Mute #${target.value}`
}

/** A mute from the menu: private. */
export const menuMute = (target: MuteTarget): MuteChange => ({
  action: 'mute',
  target,
  place: 'private',
})
