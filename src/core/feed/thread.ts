/**
 * A NIP-10 thread as one note's page shows it: the root and the chain of parents down to the
 * focused note, the focused note, then its replies oldest first, each with everything below it
 * flattened into one indented level (in conversation order: a reply, then what answers it).
 * Built from whatever notes are at hand; parents that are not yet known are named, so the caller
 * can fetch them by id and build again. Notes come from relays, so nothing here trusts their tags
 * to form a tree: a repeated id ends a walk instead of looping.
 */
import { oldestFirst } from '../platform/event-order.ts'
import { threadRefs } from './nip10.ts'
import type { Note } from './note.ts'

/** The note this one answers, or null for a root (a note naming itself as parent is a root). */
export function parentId(note: Pick<Note, 'id' | 'tags'>): string | null {
  const { reply } = threadRefs(note.tags)
  return reply && reply !== note.id ? reply : null
}

/** The root of the note's thread: the one it names, or itself when it is a root. */
export function threadRootId(note: Pick<Note, 'id' | 'tags'>): string {
  const { root } = threadRefs(note.tags)
  return root ?? note.id
}

export type AboveItem =
  | { kind: 'note'; note: Note }
  /** A link of the chain no relay gave us (yet): its id, for the caller to fetch. */
  | { kind: 'missing'; id: string }

export interface ReplyBranch {
  note: Note
  /** Everything answering this reply, at any depth, in conversation order. */
  descendants: Note[]
}

export interface ThreadLayout {
  /** Root first, then each parent down to the focused note's own parent. */
  above: AboveItem[]
  focused: Note
  /** Direct replies (and replies to the focused root whose parent is lost), oldest first. */
  replies: ReplyBranch[]
}

interface Chain {
  /** Ancestors, nearest parent first. */
  parents: Note[]
  /** The parent the walk could not find; null when it reached a root or a repeat. */
  missing: string | null
}

function walkUp(focused: Note, byId: ReadonlyMap<string, Note>): Chain {
  const parents: Note[] = []
  const seen = new Set([focused.id])
  let current = focused
  for (;;) {
    const up = parentId(current)
    if (up === null || seen.has(up)) return { parents, missing: null }
    const parent = byId.get(up)
    if (!parent) return { parents, missing: up }
    seen.add(up)
    parents.push(parent)
    current = parent
  }
}

const index = (notes: Iterable<Note>): Map<string, Note> => {
  const byId = new Map<string, Note>()
  for (const note of notes) if (!byId.has(note.id)) byId.set(note.id, note)
  return byId
}

/**
 * The ids to fetch before the chain above the focused note is whole: the first parent missing on
 * the way up, and the thread's root when it is not known. Empty once nothing more can be learnt
 * from the notes at hand.
 */
export function missingAncestorIds(focused: Note, notes: Iterable<Note>): string[] {
  const byId = index(notes)
  byId.set(focused.id, focused)
  const { parents, missing } = walkUp(focused, byId)
  const top = parents.at(-1) ?? focused
  const root = threadRootId(focused)
  const ids = missing ? [missing] : []
  if (!byId.has(root) && !ids.includes(root) && parentId(top) !== null) ids.push(root)
  return ids
}

function abovePart(focused: Note, byId: ReadonlyMap<string, Note>): AboveItem[] {
  const { parents, missing } = walkUp(focused, byId)
  const chain: AboveItem[] = parents.reverse().map((note) => ({ kind: 'note', note }))
  if (missing === null) return chain
  // The chain breaks: the root still shows on top when known, the gap below it.
  const root = byId.get(threadRootId(focused))
  const rootShown = root && root.id !== focused.id && !parents.includes(root)
  return [
    ...(rootShown ? [{ kind: 'note', note: root } as const] : []),
    { kind: 'missing', id: missing },
    ...chain,
  ]
}

/** Lays out the focused note's thread from the notes at hand (in any order, repeats allowed). */
export function assembleThread(focused: Note, notes: Iterable<Note>): ThreadLayout {
  const byId = index(notes)
  byId.set(focused.id, focused)
  const above = abovePart(focused, byId)
  const placed = new Set([focused.id])
  for (const item of above) placed.add(item.kind === 'note' ? item.note.id : item.id)

  const children = new Map<string, Note[]>()
  const lost: Note[] = []
  for (const note of byId.values()) {
    if (placed.has(note.id)) continue
    const up = parentId(note)
    if (up === null) continue
    if (byId.has(up)) children.set(up, [...(children.get(up) ?? []), note])
    // Its parent is unknown but it belongs to the focused root's thread: keep it in view.
    else if (threadRootId(note) === focused.id) lost.push(note)
  }
  for (const list of children.values()) list.sort(oldestFirst)

  // Depth first with an explicit stack and the `placed` set: no recursion, no repeats, no loops.
  function below(id: string): Note[] {
    const out: Note[] = []
    const stack = [...(children.get(id) ?? [])].reverse()
    while (stack.length > 0) {
      const note = stack.pop()!
      if (placed.has(note.id)) continue
      placed.add(note.id)
      out.push(note)
      stack.push(...[...(children.get(note.id) ?? [])].reverse())
    }
    return out
  }

  const direct = [...(children.get(focused.id) ?? []), ...lost].sort(oldestFirst)
  for (const note of direct) placed.add(note.id)
  const replies = direct.map((note) => ({ note, descendants: below(note.id) }))
  return { above, focused, replies }
}

/**
 * The articles the thread shows, in reading order (a WAI-ARIA feed's set size): every link of the
 * chain above, found or not, the focused note, each reply and everything under it.
 */
export const threadSize = (layout: ThreadLayout): number =>
  layout.above.length +
  1 +
  layout.replies.reduce((sum, branch) => sum + 1 + branch.descendants.length, 0)

/** The notes the thread shows, in reading order; the missing links are none. */
export const threadNotes = (layout: ThreadLayout): Note[] => [
  ...layout.above.flatMap((above) => (above.kind === 'note' ? [above.note] : [])),
  layout.focused,
  ...layout.replies.flatMap((branch) => [branch.note, ...branch.descendants]),
]
