import { dehydrate, hydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { deletedNotesKey, startDeletedNotes } from '../../../../src/actors/feed/deleted-notes.ts'
import { shouldPersist } from '../../../../src/core/app/persisted-cache.ts'
import { queryClients } from '../query-clients.ts'

const id = (n: number) => n.toString(16).padStart(64, '0')
const client = queryClients()

describe('the deleted notes actor', () => {
  it('holds nothing at first; added ids show at once, taken back ones go', () => {
    const deleted = startDeletedNotes(client())
    const ids = () => deleted.actor.getSnapshot().context.ids
    expect(ids().size).toBe(0)
    deleted.add([id(1), id(2)])
    expect([...ids()]).toEqual([id(1), id(2)])
    const before = ids()
    deleted.add([id(2)])
    // Nothing new: the same set, so no view renders again.
    expect(ids()).toBe(before)
    deleted.remove([id(1)])
    expect([...ids()]).toEqual([id(2)])
  })

  it('is kept with the persisted cache and back after a reload, before any relay answers', () => {
    const before = client()
    startDeletedNotes(before).add([id(7)])
    const stored = dehydrate(before, {
      shouldDehydrateQuery: (query) => shouldPersist(query.queryKey, query.state.status),
    })
    expect(stored.queries.map((query) => query.queryKey)).toContainEqual([...deletedNotesKey])

    // A reload: the actor starts, then the stored cache is loaded into its query.
    const after = client()
    const deleted = startDeletedNotes(after)
    hydrate(after, stored)
    expect([...deleted.actor.getSnapshot().context.ids]).toEqual([id(7)])
  })
})
