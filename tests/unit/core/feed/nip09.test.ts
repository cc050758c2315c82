import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  coordinateOf,
  DELETION_KIND,
  deletedAmong,
  deletionFilter,
  deletionTemplate,
  isDeletedBy,
} from '../../../../src/core/feed/nip09.ts'

const authorKey = generateSecretKey()
const AUTHOR = getPublicKey(authorKey)
const strangerKey = generateSecretKey()
const STRANGER = getPublicKey(strangerKey)
const note = finalizeEvent({ kind: 1, created_at: 100, tags: [], content: 'oops' }, authorKey)
const other = finalizeEvent({ kind: 1, created_at: 100, tags: [], content: 'fine' }, authorKey)
const deletion = (key: Uint8Array, tags: string[][], created_at = 200) =>
  finalizeEvent({ kind: DELETION_KIND, created_at, tags, content: '' }, key)

describe('isDeletedBy (NIP-09)', () => {
  it('a kind 5 by the note’s author naming it deletes it', () => {
    expect(isDeletedBy(deletion(authorKey, [['e', note.id]]), note)).toBe(true)
    expect(
      isDeletedBy(
        deletion(authorKey, [
          ['e', other.id],
          ['e', note.id],
        ]),
        note,
      ),
    ).toBe(true)
    // Ids and keys are compared whatever their case.
    expect(isDeletedBy(deletion(authorKey, [['e', note.id.toUpperCase()]]), note)).toBe(true)
  })

  it('a kind 5 by anyone else deletes nothing (clients MUST check the pubkey)', () => {
    expect(isDeletedBy(deletion(strangerKey, [['e', note.id]]), note)).toBe(false)
    expect(deletedAmong([deletion(strangerKey, [['e', note.id]])], [note])).toEqual([])
  })

  it('names only what it names, and only as a kind 5', () => {
    expect(isDeletedBy(deletion(authorKey, [['e', other.id]]), note)).toBe(false)
    expect(isDeletedBy(deletion(authorKey, [['p', note.id]]), note)).toBe(false)
    const reaction = finalizeEvent(
      { kind: 7, created_at: 200, tags: [['e', note.id]], content: '+' },
      authorKey,
    )
    expect(isDeletedBy(reaction, note)).toBe(false)
  })

  it('an addressable event by coordinate, every version up to the request’s date', () => {
    const article = { id: 'a'.repeat(64), pubkey: AUTHOR, kind: 30023, tags: [['d', 'post']] }
    const coordinate = `30023:${AUTHOR}:post`
    expect(coordinateOf(article)).toBe(coordinate)
    const request = deletion(authorKey, [['a', coordinate]], 200)
    expect(isDeletedBy(request, { ...article, created_at: 150 })).toBe(true)
    expect(isDeletedBy(request, { ...article, created_at: 250 })).toBe(false)
    expect(isDeletedBy(deletion(strangerKey, [['a', coordinate]]), article)).toBe(false)
    // A note has no coordinate: an `a` tag never deletes it.
    expect(coordinateOf(note)).toBeNull()
  })
})

describe('deletedAmong', () => {
  it('the ids of the notes the requests delete, in the notes’ order', () => {
    const requests = [
      deletion(strangerKey, [['e', other.id]]),
      deletion(authorKey, [['e', note.id]]),
      note,
    ]
    expect(deletedAmong(requests, [other, note])).toEqual([note.id])
  })
})

describe('deletionFilter', () => {
  it('asks for the authors’ kind 5 naming these notes', () => {
    const theirs = { id: 'b'.repeat(64), pubkey: STRANGER }
    expect(deletionFilter([note, other, theirs])).toEqual({
      kinds: [5],
      authors: [AUTHOR, STRANGER],
      '#e': [note.id, other.id, theirs.id],
      limit: 3,
    })
  })
})

describe('deletionTemplate', () => {
  it('names the note and its kind, gives the reason, and says which client made it', () => {
    expect(deletionTemplate({ ...note, kind: 1 }, 300, '  posted by mistake ')).toEqual({
      kind: 5,
      created_at: 300,
      content: 'posted by mistake',
      tags: [
        ['e', note.id],
        ['k', '1'],
        ['client', 'Plume'],
      ],
    })
  })

  it('an addressable event by coordinate too; no reason is an empty content', () => {
    const article = { id: 'a'.repeat(64), pubkey: AUTHOR, kind: 30023, tags: [['d', 'x']] }
    const template = deletionTemplate(article, 300)
    expect(template.content).toBe('')
    expect(template.tags).toContainEqual(['a', `30023:${AUTHOR}:x`])
    expect(template.tags).toContainEqual(['k', '30023'])
  })

  it('a request signed from it deletes the note', () => {
    const signed = finalizeEvent(deletionTemplate({ ...note, kind: 1 }, 300), authorKey)
    expect(isDeletedBy(signed, note)).toBe(true)
  })
})
