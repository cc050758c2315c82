/**
 * The first screen of a visit: the feed's first rows, with the pictures among them drawn. Work
 * that shows nothing on that screen (the install and update prompts, zap totals, the outbox's
 * mark) waits for it, so that on a phone its code does not share the line and the main thread
 * with the first pictures. Off the feed there is nothing to wait for.
 */

/** A feed that never gets rows (no relay answers) holds nothing back longer than this. */
export const FIRST_SCREEN_MAX_MS = 10_000

export interface FirstScreen {
  /** The feed's first rows are rendered; `pictures` settles once theirs are drawn. */
  drawn(pictures?: Promise<unknown>): void
  /** Runs `run` once the first screen is drawn: at once when it is, or off the feed. The cancel. */
  after(run: () => void): () => void
}

export function createFirstScreen({
  onFeed,
  maxMs = FIRST_SCREEN_MAX_MS,
}: {
  /** Whether the page shown is the feed. */
  onFeed: () => boolean
  maxMs?: number
}): FirstScreen {
  let done = false
  const waiting = new Set<() => void>()
  const finish = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    for (const run of waiting) run()
    waiting.clear()
  }
  const timer = setTimeout(finish, maxMs)
  return {
    drawn(pictures) {
      if (pictures) void pictures.then(finish, finish)
      else finish()
    },
    after(run) {
      if (!onFeed()) finish()
      if (done) {
        run()
        return () => {}
      }
      waiting.add(run)
      return () => waiting.delete(run)
    },
  }
}
