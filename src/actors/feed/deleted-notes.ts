/**
 * The notes this device knows their authors deleted (NIP-09, core/feed/deleted-notes.ts), held
 * as the mute set is (actors/people/mute-set.ts): in the query cache, under ['deleted-notes'],
 * which the persisted cache brings back on a reload, so the first paint after one leaves them out
 * already; and parsed by one actor that every view reads (core/feed/hidden-notes.ts). Written
 * by the user's own deletions (at once, and taken back if no relay accepts one) and by the
 * engagement asks, which find other deletions of the notes shown (engagement-queries.ts).
 */
import { type QueryClient, QueryObserver, queryOptions, skipToken } from '@tanstack/react-query'
import { type ActorRefFrom, createActor, fromTransition } from 'xstate'
import { withDeleted, withoutDeleted } from '../../core/feed/deleted-notes.ts'

export const deletedNotesKey = ['deleted-notes'] as const

/** Never fetched: only written here, and restored with the persisted cache. */
const deletedNotesOptions = queryOptions<readonly string[]>({
  queryKey: deletedNotesKey,
  queryFn: skipToken,
  staleTime: Number.POSITIVE_INFINITY,
})

export type DeletedNotesEvent = { type: 'deleted.changed'; list: readonly string[] | undefined }

interface HeldDeletions {
  list: readonly string[] | undefined
  ids: ReadonlySet<string>
}

/** The set the list gives; the same set while the list stays the same array. */
export const deletedNotesLogic = fromTransition(
  (held: HeldDeletions, { list }: DeletedNotesEvent): HeldDeletions =>
    list === held.list ? held : { list, ids: new Set(list) },
  { list: undefined, ids: new Set<string>() } as HeldDeletions,
)

export type DeletedNotesActorRef = ActorRefFrom<typeof deletedNotesLogic>

export interface DeletedNotes {
  /** Its snapshot's `ids`: the notes every view leaves out. */
  actor: DeletedNotesActorRef
  /** These notes were deleted by their authors (checked by the caller: `isDeletedBy`). */
  add(ids: readonly string[]): void
  /** These are not, after all (the user's deletion that no relay took). */
  remove(ids: readonly string[]): void
}

/** The actor, following the list in the query cache for the system's life. */
export function startDeletedNotes(queryClient: QueryClient): DeletedNotes {
  const actor = createActor(deletedNotesLogic).start()
  // Observed, so the list is never garbage-collected or cleaned up as unused.
  const observer = new QueryObserver(queryClient, deletedNotesOptions)
  const show = () => actor.send({ type: 'deleted.changed', list: observer.getCurrentResult().data })
  observer.subscribe(show)
  show()
  const change = (next: (list: readonly string[] | undefined) => readonly string[]) => {
    const list = queryClient.getQueryData<readonly string[]>(deletedNotesKey)
    const changed = next(list)
    if (changed === list || (list === undefined && changed.length === 0)) return
    queryClient.setQueryData(deletedNotesKey, changed)
  }
  return {
    actor,
    add: (ids) => {
      if (ids.length > 0) change((list) => withDeleted(list, ids))
    },
    remove: (ids) => change((list) => withoutDeleted(list, ids)),
  }
}
