import {
  decode,
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  npubEncode,
  nsecEncode,
} from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { CLIENT_TAG, withClientTag } from '../../../../src/core/platform/nip89.ts'
import {
  COMPOSE_ERRORS,
  containsSecretKey,
  contentTags,
  noteTemplate,
  quoteContent,
  quoteReference,
  quoteTemplate,
  replyTags,
  replyTemplate,
} from '../../../../src/core/publish/compose-note.ts'

const ALICE = 'a1'.repeat(32)
const BOB = 'b2'.repeat(32)
const CAROL = 'c3'.repeat(32)
const ROOT = '01'.repeat(32)
const PARENT = '02'.repeat(32)
const QUOTED = '03'.repeat(32)
const RELAY = 'wss://relay.example'
const AT = 1_700_000_000

describe('client tag (NIP-89)', () => {
  it('names Plume, last, once', () => {
    expect(CLIENT_TAG).toEqual(['client', 'Plume'])
    expect(
      withClientTag([
        ['client', 'Other'],
        ['t', 'x'],
      ]),
    ).toEqual([
      ['t', 'x'],
      ['client', 'Plume'],
    ])
  })
})

describe('contentTags: NIP-27 references and hashtags', () => {
  it('makes p tags of npub and nprofile mentions, each person once', () => {
    const text = `hi nostr:${npubEncode(ALICE)} and nostr:${nprofileEncode({ pubkey: BOB, relays: [RELAY] })} and nostr:${npubEncode(ALICE)}`
    expect(contentTags(text)).toEqual([
      ['p', ALICE],
      ['p', BOB],
    ])
  })

  it('makes q tags of note, nevent and naddr references, with hints and p tags for known authors', () => {
    const nevent = neventEncode({ id: QUOTED, relays: [RELAY], author: CAROL })
    const naddr = naddrEncode({ kind: 30023, pubkey: BOB, identifier: 'post', relays: [] })
    const text = `see nostr:${noteEncode(PARENT)} nostr:${nevent} nostr:${naddr}`
    expect(contentTags(text)).toEqual([
      ['q', PARENT, ''],
      ['q', QUOTED, RELAY, CAROL],
      ['p', CAROL],
      ['q', `30023:${BOB}:post`, ''],
      ['p', BOB],
    ])
  })

  it('makes lower-case t tags of hashtags, each once; a bare npub or a broken reference is text', () => {
    const text = `#Nostr is #fun, #nostr again! ${npubEncode(ALICE)} nostr:npub1broken`
    expect(contentTags(text)).toEqual([
      ['t', 'nostr'],
      ['t', 'fun'],
    ])
  })
})

describe('noteTemplate', () => {
  it('is a kind-1 note with its text trimmed, the text tags and the client tag', () => {
    const template = noteTemplate(`  hello #Plume nostr:${npubEncode(BOB)}\n`, AT)
    expect(template).toEqual({
      kind: 1,
      created_at: AT,
      content: `hello #Plume nostr:${npubEncode(BOB)}`,
      tags: [
        ['t', 'plume'],
        ['p', BOB],
        ['client', 'Plume'],
      ],
    })
  })

  it(`refuses blank text: '${COMPOSE_ERRORS.contentRequired}'`, () => {
    expect(() => noteTemplate(' \n\t', AT)).toThrow('Note content required')
  })

  it(`refuses text holding an nsec: '${COMPOSE_ERRORS.secretKey}'`, () => {
    const nsec = nsecEncode(generateSecretKey())
    expect(containsSecretKey(`oops ${nsec}`)).toBe(true)
    expect(containsSecretKey(`nsec1short`)).toBe(false)
    expect(() => noteTemplate(`my key ${nsec}`, AT)).toThrow(
      'Your text contains a secret key (nsec1…): remove it before publishing',
    )
  })
})

describe('replies (NIP-10 marked e tags)', () => {
  it('to a root note: one root tag with the hint and author; the author as p', () => {
    const parent = { id: ROOT, pubkey: ALICE, tags: [['t', 'x']] }
    expect(replyTags(parent, RELAY)).toEqual([
      ['e', ROOT, RELAY, 'root', ALICE],
      ['p', ALICE],
    ])
  })

  it("to a reply: the parent's root (its hint and author kept) and the parent as reply; p tags of the parent's author and people, once", () => {
    const parent = {
      id: PARENT,
      pubkey: BOB,
      tags: [
        ['e', ROOT, 'wss://root.example', 'root', ALICE],
        ['p', ALICE],
        ['p', CAROL],
        ['p', BOB],
      ],
    }
    expect(replyTags(parent, RELAY)).toEqual([
      ['e', ROOT, 'wss://root.example', 'root', ALICE],
      ['e', PARENT, RELAY, 'reply', BOB],
      ['p', BOB],
      ['p', ALICE],
      ['p', CAROL],
    ])
  })

  it('to a reply in the deprecated positional form: its first e tag is the root', () => {
    const parent = {
      id: PARENT,
      pubkey: BOB,
      tags: [
        ['e', ROOT, RELAY],
        ['e', QUOTED],
      ],
    }
    expect(replyTags(parent).slice(0, 2)).toEqual([
      ['e', ROOT, RELAY, 'root'],
      ['e', PARENT, '', 'reply', BOB],
    ])
  })

  it('a reply template adds the text tags and the client tag, without repeating a p tag', () => {
    const parent = { id: ROOT, pubkey: ALICE, tags: [] }
    const template = replyTemplate(`thanks nostr:${npubEncode(ALICE)} #Yes`, parent, AT, RELAY)
    expect(template.kind).toBe(1)
    expect(template.tags).toEqual([
      ['e', ROOT, RELAY, 'root', ALICE],
      ['p', ALICE],
      ['t', 'yes'],
      ['client', 'Plume'],
    ])
    expect(() => replyTemplate('   ', parent, AT)).toThrow('Note content required')
  })
})

describe('quote reposts (NIP-18 q tag)', () => {
  const target = { id: QUOTED, pubkey: CAROL }

  it("needs text: 'Quote repost content required'", () => {
    expect(() => quoteContent('', target)).toThrow('Quote repost content required')
    expect(() => quoteTemplate(' \n ', target, AT)).toThrow('Quote repost content required')
  })

  it('appends the nevent reference (with hint and author) when the text lacks it', () => {
    const text = quoteContent('So true ', target, RELAY)
    expect(text).toBe(`So true\n\n${quoteReference(target, RELAY)}`)
    const entity = text.split('nostr:')[1]!
    expect(decode(entity)).toEqual({
      type: 'nevent',
      data: { id: QUOTED, relays: [RELAY], author: CAROL, kind: undefined },
    })
  })

  it('keeps the text as it is when it already names the note, as note or nevent', () => {
    const withNote = `look nostr:${noteEncode(QUOTED)}`
    expect(quoteContent(withNote, target)).toBe(withNote)
    const withNevent = `look nostr:${neventEncode({ id: QUOTED })} wow`
    expect(quoteContent(withNevent, target)).toBe(withNevent)
  })

  it('is a kind-1 note with the q tag (hint, author), a p tag for the author, text tags and client', () => {
    const template = quoteTemplate('#Wow', target, AT, RELAY)
    expect(template).toEqual({
      kind: 1,
      created_at: AT,
      content: `#Wow\n\n${quoteReference(target, RELAY)}`,
      tags: [
        ['q', QUOTED, RELAY, CAROL],
        ['p', CAROL],
        ['t', 'wow'],
        ['client', 'Plume'],
      ],
    })
  })

  it(`refuses a quote holding an nsec`, () => {
    expect(() => quoteContent(nsecEncode(generateSecretKey()), target)).toThrow(
      COMPOSE_ERRORS.secretKey,
    )
  })
})
