/**
 * Building kind-1 notes from what the user wrote: a new note, a reply (NIP-10 marked `e` tags)
 * and a quote repost (NIP-18 `q` tag). The text's NIP-27 references and hashtags become tags:
 * nostr:npub / nprofile a `p` tag, nostr:note / nevent / naddr a `q` tag (with a `p` tag for its
 * author when the reference names one, NIP-10), #hashtag a lower-case `t` tag (NIP-24). Every
 * note carries the client tag (NIP-89). Templates are unsigned; the caller signs them.
 */
import { neventEncode } from 'nostr-tools/nip19'
import type { EventTemplate } from 'nostr-tools/pure'
import { parseNoteParam } from '../app/route-ids.ts'
import { segmentContent } from '../feed/content.ts'
import { hashtagKey } from '../feed/hashtags.ts'
import { threadRefs } from '../feed/nip10.ts'
import { quotedNotes, TEXT_NOTE_KIND } from '../feed/nip18.ts'
import { withClientTag } from '../platform/nip89.ts'
import { PUBLISH_ERRORS, type PublishTarget } from '../relays/publish-checks.ts'

export const COMPOSE_ERRORS = {
  /** A note or reply with nothing but spaces (the spec is silent; nothing is sent). */
  contentRequired: 'Note content required',
  /** An nsec in the text would be published for everyone to read, and kept in the draft. */
  secretKey: 'Your text contains a secret key (nsec1…): remove it before publishing',
  quoteContentRequired: PUBLISH_ERRORS.quoteContentRequired,
} as const

/** The note replied to: its id, author and tags (for the thread's root and people). */
export interface ReplyParent extends PublishTarget {
  tags: readonly string[][]
}

const HEX64 = /^[0-9a-f]{64}$/
/** A bech32 nsec: `nsec1` and 58 data characters. */
const NSEC = /nsec1[02-9ac-hj-np-z]{58}/i

/** True when the text holds something shaped like a secret key (nsec). */
export const containsSecretKey = (text: string): boolean => NSEC.test(text)

/** Tags in order, each (name, value) pair once: the first wins. */
function dedupe(tags: readonly string[][]): string[][] {
  const seen = new Set<string>()
  return tags.filter((tag) => {
    const key = `${tag[0]}\u0000${tag[1]}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** ['q', id, relay, author?]: NIP-18's quote tag. */
const quoteTag = (id: string, relay: string, author: string | null): string[] =>
  author ? ['q', id, relay, author] : ['q', id, relay]

/**
 * Tags for the references and hashtags in the text, in order of appearance: people mentioned
 * (p), events referenced (q, and p for their author when known) and hashtags (t, lower case).
 */
export function contentTags(content: string): string[][] {
  const tags: string[][] = []
  for (const segment of segmentContent(content)) {
    if (segment.kind === 'hashtag') {
      tags.push(['t', hashtagKey(segment.tag)])
      continue
    }
    if (segment.kind !== 'reference') continue
    const { reference } = segment
    if (reference.type === 'profile') {
      tags.push(['p', reference.pubkey])
    } else if (reference.type === 'event') {
      const pointer = parseNoteParam(segment.entity)
      const author = pointer?.author ?? null
      tags.push(quoteTag(reference.id, pointer?.relays[0] ?? '', author))
      if (author) tags.push(['p', author])
    } else {
      const address = `${reference.kind}:${reference.pubkey}:${reference.identifier}`
      tags.push(['q', address, ''], ['p', reference.pubkey])
    }
  }
  return dedupe(tags)
}

/** What a text's tags name, as the composer shows them while it is typed. */
export interface TagPreview {
  /** Hashtags (t), in order. */
  hashtags: string[]
  /** People tagged (p): mentioned, or the authors of notes quoted. */
  people: string[]
  /** Notes and articles quoted (q). */
  quotes: number
}

/** The hashtags, people and quotes `tags` (contentTags) carry. */
export function tagPreview(tags: readonly string[][]): TagPreview {
  const values = (name: string) => tags.filter((tag) => tag[0] === name).map((tag) => tag[1]!)
  return { hashtags: values('t'), people: values('p'), quotes: values('q').length }
}

/** The text to publish, or an Error with the reason it cannot be. */
function checkedText(content: string): string {
  const text = content.trim()
  if (text === '') throw new Error(COMPOSE_ERRORS.contentRequired)
  if (containsSecretKey(text)) throw new Error(COMPOSE_ERRORS.secretKey)
  return text
}

const note = (content: string, tags: string[][], createdAt: number): EventTemplate => ({
  kind: TEXT_NOTE_KIND,
  created_at: createdAt,
  tags: withClientTag(dedupe(tags)),
  content,
})

/** A new note: its text's tags and the client tag. */
export function noteTemplate(content: string, createdAt: number): EventTemplate {
  const text = checkedText(content)
  return note(text, contentTags(text), createdAt)
}

/**
 * NIP-10 marked `e` tags of a reply: the thread's root (with the relay and author the parent
 * names for it) and the parent, marked "reply"; a reply to the root has the root tag alone.
 * Then `p` tags: the parent's author and everyone the parent addressed.
 */
export function replyTags(parent: ReplyParent, hint = ''): string[][] {
  const rootId = threadRefs(parent.tags).root
  const eTags: string[][] = []
  if (rootId === null || rootId === parent.id) {
    eTags.push(['e', parent.id, hint, 'root', parent.pubkey])
  } else {
    const named = parent.tags.find((tag) => tag[0] === 'e' && tag[1] === rootId) ?? []
    const rootAuthor = named[3] === 'root' && HEX64.test(named[4] ?? '') ? named[4]! : null
    const root = ['e', rootId, named[2] ?? '', 'root']
    eTags.push(rootAuthor ? [...root, rootAuthor] : root)
    eTags.push(['e', parent.id, hint, 'reply', parent.pubkey])
  }
  const people = parent.tags
    .filter((tag) => tag[0] === 'p' && HEX64.test(tag[1] ?? ''))
    .map((tag) => ['p', tag[1]!])
  return dedupe([...eTags, ['p', parent.pubkey], ...people])
}

/** A reply to `parent`, seen at the relay `hint` ('' when unknown). */
export function replyTemplate(
  content: string,
  parent: ReplyParent,
  createdAt: number,
  hint = '',
): EventTemplate {
  const text = checkedText(content)
  return note(text, [...replyTags(parent, hint), ...contentTags(text)], createdAt)
}

/** The reference to the quoted note, as a NIP-21 nevent with its relay hint and author. */
export const quoteReference = (target: PublishTarget, hint = ''): string =>
  `nostr:${neventEncode({ id: target.id, relays: hint ? [hint] : [], author: target.pubkey })}`

/**
 * The text of a quote repost: required (spec §5, 'Quote repost content required'), with the
 * quoted note's reference appended when the text does not already name it.
 */
export function quoteContent(content: string, target: PublishTarget, hint = ''): string {
  const text = content.trim()
  if (text === '') throw new Error(COMPOSE_ERRORS.quoteContentRequired)
  if (containsSecretKey(text)) throw new Error(COMPOSE_ERRORS.secretKey)
  if (quotedNotes([], text).some((pointer) => pointer.id === target.id)) return text
  return `${text}\n\n${quoteReference(target, hint)}`
}

/** A quote repost (NIP-18): a kind-1 note with a `q` tag for the quoted note and its author. */
export function quoteTemplate(
  content: string,
  target: PublishTarget,
  createdAt: number,
  hint = '',
): EventTemplate {
  const text = quoteContent(content, target, hint)
  const quoted = [quoteTag(target.id, hint, target.pubkey), ['p', target.pubkey]]
  return note(text, [...quoted, ...contentTags(text)], createdAt)
}
