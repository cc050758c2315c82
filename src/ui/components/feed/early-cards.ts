/**
 * The early feed's rows (early-feed.ts) as the feed's cards draw them before profiles and quoted
 * notes have come: NoteCard, NoteContent, NoteMedia, HashtagTabs, with their classes, links and
 * words (card-text.ts), people by the short npub. In a layer over the place of the app's feed, out
 * of reach (inert) and hidden from assistive technology. Not a feed to anything that reads the
 * page: no role, and its cards name their note in data-early-note-id, so nothing that looks for
 * the feed's notes finds a copy that is about to go.
 */
import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import { type AsciiArt, type AsciiGrid, expectedGrid } from '../../../core/feed/ascii-art.ts'
import { segmentContent, trimTextEnds } from '../../../core/feed/content.ts'
import type { EarlyRow } from '../../../core/feed/early-feed.ts'
import type { RepostInfo } from '../../../core/feed/feed-entry.ts'
import { hashtagKey } from '../../../core/feed/hashtags.ts'
import { LINK_REL, linkText, NOTE_LINK_TEXT_MAX } from '../../../core/feed/link-text.ts'
import { repliedTo } from '../../../core/feed/nip10.ts'
import { quotedNotes } from '../../../core/feed/nip18.ts'
import { mediaInfo } from '../../../core/feed/nip92.ts'
import type { Note } from '../../../core/feed/note.ts'
import { avatarBackground, displayName } from '../../../core/people/profile.ts'
import { PICTURE_REFERRER_POLICY } from '../../../core/platform/picture-request.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import type { AsciiResult } from '../../../workers/ascii-api.ts'
import { ALL_TAGGED_TITLE, QUOTE_LOADING, REPOST_ICON_PATH } from './card-text.ts'

/**
 * ASCII Mode's pictures: a picture's art, in Color Mode or not, by the app's ASCII cache (its
 * worker), which then holds it, so the app's rows draw the same art at once, not the box again.
 */
export type DrawArt = (source: string) => Promise<AsciiResult>

/** What every card is drawn with: the time it is drawn at, and ASCII Mode's art (null: off). */
interface CardOptions {
  now: number
  /** Pictures are the art, held as its empty box until it is drawn. */
  ascii: DrawArt | null
}

/** The rows, and the hashtag tabs when there are some, in the layer over the feed's place. */
export function drawEarlyFeed(
  rows: readonly EarlyRow[],
  hashtags: readonly string[],
  ascii: DrawArt | null,
): HTMLElement {
  const feed = element('div', { class: 'feed' })
  const layer = element('div', { class: 'early-feed', 'aria-hidden': 'true' })
  layer.inert = true
  // The page's column (styles.css .main), as the app's <main> lays out tabs and feed.
  const column = element('div', { class: 'main' })
  if (hashtags.length > 0) column.append(hashtagTabs(hashtags))
  column.append(feed)
  layer.append(column)
  addEarlyRows(layer, rows, ascii)
  document.body.append(layer)
  return layer
}

/** More rows, below those of the layer drawEarlyFeed made. */
export function addEarlyRows(
  layer: HTMLElement,
  rows: readonly EarlyRow[],
  ascii: DrawArt | null,
): void {
  const feed = layer.querySelector('.feed')
  if (!feed) return
  const options: CardOptions = { now: Math.floor(Date.now() / 1000), ascii }
  const drawn = feed.childElementCount
  for (const [index, row] of rows.entries()) feed.append(noteCard(row, drawn + index + 1, options))
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** HashtagTabs' markup, its "All" tab the one shown. */
function hashtagTabs(hashtags: readonly string[]): HTMLElement {
  const all = element(
    'a',
    {
      class: 'feed-tab active',
      title: ALL_TAGGED_TITLE,
      href: '/',
      'data-status': 'active',
      'aria-current': 'page',
    },
    'All',
  )
  const tabs = hashtags.map((tag) =>
    element('a', { class: 'feed-tab', href: `/?tag=${hashtagKey(tag)}` }, `#${tag}`),
  )
  return element('nav', { class: 'feed-tabs', 'aria-label': 'Feeds' }, all, ...tabs)
}

/** NoteCard's markup before the author's profile has come: the short npub, a lettered avatar. */
function noteCard({ note, repost }: EarlyRow, position: number, options: CardOptions): HTMLElement {
  const { now } = options
  const profile = `/npub/${profileParam(note.pubkey)}`
  const name = displayName(undefined, note.pubkey)
  const avatar = element('span', { class: 'avatar avatar-fallback', 'aria-hidden': 'true' })
  // Through the CSSOM, as React sets it: the policy refuses style attributes.
  avatar.style.background = avatarBackground(note.pubkey)
  avatar.textContent = name.slice(0, 1).toUpperCase()
  const time = element(
    'time',
    {
      datetime: new Date(note.created_at * 1000).toISOString(),
      title: absoluteTime(note.created_at),
    },
    relativeTime(note.created_at, now),
  )
  const header = element(
    'header',
    { class: 'note-header' },
    element('h3', { class: 'note-author' }, personLink(note.pubkey)),
    element('a', { class: 'note-time', href: `/note/${noteParam(note.id)}` }, time),
    element('button', { type: 'button', class: 'note-more', 'aria-label': 'More', title: 'More' }),
  )
  const replyTo = repliedTo(note)
  const reply = replyTo
    ? [element('p', { class: 'note-reply-to' }, 'Replying to ', personLink(replyTo))]
    : []
  const body = element(
    'div',
    { class: 'note-body' },
    header,
    ...reply,
    ...noteContent(note, options.ascii),
    noteActions(),
  )
  return element(
    'article',
    {
      class: 'note',
      'aria-posinset': String(position),
      'aria-setsize': '-1',
      'data-early-note-id': note.id,
      ...(repost ? { 'data-early-repost-id': repost.id } : {}),
    },
    ...(repost ? [repostLine(repost, now)] : []),
    element(
      'a',
      { class: 'note-avatar', href: profile, tabindex: '-1', 'aria-hidden': 'true' },
      avatar,
    ),
    body,
  )
}

/** NoteCard's RepostLine: "{name} reposted · {time}". */
function repostLine(repost: RepostInfo, now: number): HTMLElement {
  const svg = 'http://www.w3.org/2000/svg'
  const icon = document.createElementNS(svg, 'svg')
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '14',
    height: '14',
    'aria-hidden': 'true',
  }))
    icon.setAttribute(name, value)
  const path = document.createElementNS(svg, 'path')
  path.setAttribute('fill', 'currentColor')
  path.setAttribute('d', REPOST_ICON_PATH)
  icon.append(path)
  const time = element(
    'span',
    { class: 'note-repost-time', title: absoluteTime(repost.created_at) },
    ` · ${relativeTime(repost.created_at, now)}`,
  )
  return element('p', { class: 'note-repost' }, icon, personLink(repost.pubkey), ' reposted', time)
}

/** A person by name, linking to their profile (ReplyContext, ProfileMention). */
function personLink(pubkey: string, className?: string, prefix = ''): HTMLElement {
  const attributes: Record<string, string> = { href: `/npub/${profileParam(pubkey)}` }
  if (className) attributes.class = className
  return element('a', attributes, `${prefix}${displayName(undefined, pubkey)}`)
}

/** NoteContent's text and NoteMedia's pictures, for the segments a drawn note has. */
function noteContent(note: Note, ascii: DrawArt | null): HTMLElement[] {
  const text: (Node | string)[] = []
  const images: string[] = []
  for (const segment of segmentContent(note.content)) {
    if (segment.kind === 'text') text.push(segment.text)
    else if (segment.kind === 'hashtag') {
      const href = `/search?q=${encodeURIComponent(`#${segment.tag}`)}`
      text.push(element('a', { class: 'hashtag', href }, `#${segment.tag}`))
    } else if (segment.kind === 'link') {
      const { url } = segment
      const attributes = { href: url, target: '_blank', rel: LINK_REL, title: url }
      text.push(element('a', attributes, linkText(url, NOTE_LINK_TEXT_MAX)))
    } else if (segment.kind === 'reference' && segment.reference.type === 'profile') {
      text.push(personLink(segment.reference.pubkey, 'mention', '@'))
      // A note referenced is quoted below, as the app embeds it (every one it names is).
    } else if (segment.kind === 'image' && !images.includes(segment.url)) images.push(segment.url)
  }
  trimTextEnds(text)
  const parts: HTMLElement[] = []
  if (text.length > 0) parts.push(element('div', { class: 'note-text' }, ...text))
  if (images.length > 0) {
    const info = mediaInfo(note.tags)
    const media = element('div', { class: `note-media count-${Math.min(images.length, 4)}` })
    for (const url of images) {
      const { width, height, alt, thumb } = info.get(url) ?? {
        width: null,
        height: null,
        alt: '',
        thumb: null,
      }
      const label = alt || 'Image'
      if (ascii) {
        const pending = asciiPending(expectedGrid(width, height), label)
        media.append(pending)
        // Drawn from what the app's AsciiImage draws from: the thumbnail where the note names one.
        void ascii(thumb ?? url).then((drawn) => {
          // Not drawn: the box stays, and the app's row says so once it is in.
          if (drawn.ok) pending.replaceWith(asciiFrame(url, drawn.art, label))
        })
        continue
      }
      const image = element('img', { decoding: 'async', alt: label, loading: 'lazy' })
      if (width && height) {
        image.width = width
        image.height = height
      }
      image.referrerPolicy = PICTURE_REFERRER_POLICY
      image.src = url
      media.append(element('a', { href: url, target: '_blank', rel: LINK_REL }, image))
    }
    parts.push(media)
  }
  const quotes = quotedNotes(note.tags, note.content)
  return [
    ...parts,
    ...quotes.map(() => element('div', { class: 'note-quote note-quote-status' }, QUOTE_LOADING)),
  ]
}

/** AsciiPending: the box the art will fill, until the app draws it (its worker, its cache). */
function asciiPending(grid: AsciiGrid, label: string): HTMLElement {
  const art = element('div', {
    class: 'ascii-art ascii-pending',
    role: 'img',
    'aria-label': label,
    'aria-busy': 'true',
  })
  setGrid(art, grid)
  return element('div', { class: 'ascii-frame' }, art)
}

/** AsciiPending's gridStyle, through the CSSOM as React sets it: the policy refuses style attributes. */
function setGrid(box: HTMLElement, { columns, rows }: AsciiGrid): void {
  box.style.setProperty('--ascii-columns', String(columns))
  box.style.setProperty('--ascii-rows', String(rows))
}

/** AsciiImage's drawn art: the lines in a <pre>, in Color Mode over their colours. */
function asciiFrame(url: string, art: AsciiArt, label: string): HTMLElement {
  const text = element(
    'pre',
    { class: art.colors ? 'ascii-art ascii-color' : 'ascii-art', role: 'img', 'aria-label': label },
    art.lines.join('\n'),
  )
  setGrid(text, { columns: art.columns, rows: art.lines.length })
  if (art.colors) text.style.backgroundImage = `url("${art.colors}")`
  return element('a', { class: 'ascii-frame', href: url, target: '_blank', rel: LINK_REL }, text)
}

/** NoteActions' bar as it first draws, before any count. */
function noteActions(): HTMLElement {
  const action = (name: string, label: string) =>
    element('button', { type: 'button', class: 'note-action', 'data-action': name }, label)
  const like = action('like', 'Like')
  like.setAttribute('aria-pressed', 'false')
  return element(
    'footer',
    { class: 'note-actions' },
    action('reply', 'Reply'),
    element('span', { class: 'note-action-pair' }, action('repost', 'Repost')),
    element('span', { class: 'note-action-pair' }, like),
    action('zap', 'Zap'),
  )
}
