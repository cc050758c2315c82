/**
 * A thread's replies with those from outside the user's web of trust (core/people/web-of-trust.ts)
 * set apart, counted for the one line that stands for them. The notes above and the focused note
 * stay: the reader opened that conversation. A reply from outside that someone inside answered
 * stays too, since their answer needs it.
 */
import type { Note } from './note.ts'
import type { ReplyBranch, ThreadLayout } from './thread.ts'

export interface FoldedThread {
  /** The thread without the replies set apart; the same layout when none is. */
  layout: ThreadLayout
  /** How many replies were set apart. */
  outside: number
}

export function foldOutside(
  layout: ThreadLayout,
  isOutside: (note: Note) => boolean,
): FoldedThread {
  let outside = 0
  const replies: ReplyBranch[] = []
  for (const branch of layout.replies) {
    const descendants = branch.descendants.filter((note) => !isOutside(note))
    outside += branch.descendants.length - descendants.length
    if (isOutside(branch.note) && descendants.length === 0) {
      outside += 1
      continue
    }
    replies.push(
      descendants.length === branch.descendants.length ? branch : { ...branch, descendants },
    )
  }
  return outside === 0 ? { layout, outside } : { layout: { ...layout, replies }, outside }
}
