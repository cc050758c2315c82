/**
 * The early feed (core/feed/early-feed.ts), drawn by the start-up script: the first page's
 * leading notes as the feed's cards draw them (NoteCard, NoteContent, NoteMedia; the same classes
 * and links; people by the short npub the cards show until profiles come), before the app's scripts have run. It lies over the place of the app's feed, out of
 * reach (inert) and hidden from assistive technology, until the app's feed has drawn its own rows,
 * ended, failed, or the app went elsewhere (dropEarlyFeed). Not a feed to anything that reads the
 * page: no role, and its cards name their note in data-early-note-id, so nothing that looks for
 * the feed's notes finds a copy that is about to go.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { NostrWasm } from 'nostr-wasm'
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { askEarlyPage } from '../../../actors/feed/early-page.ts'
import { PUBKEY_KEY } from '../../../actors/identity/login-session.ts'
import { LAST_ROUTE_KEY, parseLastRoute, restorableRoute } from '../../../core/app/last-route.ts'
import { readStoredPreferences, withStored } from '../../../core/app/preferences.ts'
import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import { segmentContent, trimTextEnds } from '../../../core/feed/content.ts'
import { type EarlyRow, earlyFeedFilters, earlyRows } from '../../../core/feed/early-feed.ts'
import type { RepostInfo } from '../../../core/feed/feed-entry.ts'
import { hashtagKey } from '../../../core/feed/hashtags.ts'
import { linkText } from '../../../core/feed/link-text.ts'
import { repliedTo } from '../../../core/feed/nip10.ts'
import { parseRepost, quotedNotes } from '../../../core/feed/nip18.ts'
import { mediaInfo } from '../../../core/feed/nip92.ts'
import type { Note } from '../../../core/feed/note.ts'
import { avatarHue, displayName } from '../../../core/people/profile.ts'
import { PICTURE_REFERRER_POLICY } from '../../../core/platform/picture-request.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import { parseRuntimeConfig } from '../../../core/platform/runtime-config.ts'
import { checkEvent, type VerifyOne } from '../../../core/relays/check-event.ts'
import { poolReadUrls } from '../../../core/relays/pool-urls.ts'

const LINK_REL = 'noopener noreferrer nofollow'
/** NoteContent's LINK_TEXT_MAX. */
const LINK_TEXT_MAX = 48

let dropped = false
let stopPage: (() => void) | null = null
let drawn: HTMLElement | null = null

/** The app's feed has drawn (or the app is elsewhere): the early one goes, or is never drawn. */
export function dropEarlyFeed(): void {
  dropped = true
  stopPage?.()
  stopPage = null
  drawn?.remove()
  drawn = null
}

/**
 * Asks for the page when the early feed applies here, once the config (the start-up script's
 * request, read from a copy) names the relays. Anything that goes wrong leaves it undrawn.
 */
export function startEarlyFeed(config: Promise<Response>): void {
  const filters = (() => {
    try {
      const read = (key: string) => localStorage.getItem(key)
      // An installed app about to go back to its last screen (ui/pwa/start.ts) is not on the feed.
      const saved = parseLastRoute(read(LAST_ROUTE_KEY))
      if (isStandalone() && restorableRoute(location, saved, Date.now()) !== null) return null
      return earlyFeedFilters({
        pathname: location.pathname,
        search: location.search,
        preferences: withStored(readStoredPreferences(read)),
        signedIn: read(PUBKEY_KEY) !== null,
      })
    } catch {
      return null // storage refused: the preferences are not known
    }
  })()
  if (!filters) return
  const verifyOne = NostrWasm(fetch(wasmUrl)).then(
    (wasm) => (event: Parameters<typeof wasm.verifyEvent>[0]) => wasm.verifyEvent(event),
  )
  verifyOne.catch(() => undefined) // unchecked events are not drawn; the app says what failed
  config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      if (json === null || dropped) return
      stopPage = askEarlyPage(
        {
          relays: poolReadUrls(parseRuntimeConfig(json).relays),
          filters,
          connect: (url, events) => {
            const socket = new WebSocket(url)
            socket.onopen = events.opened
            socket.onmessage = (message) => events.message(message.data)
            socket.onerror = events.ended
            socket.onclose = events.ended
            return {
              send: (data) => socket.send(data),
              close: () => socket.close(),
              isOpen: () => socket.readyState === WebSocket.OPEN,
            }
          },
          verifyOne,
          nowMs: Date.now,
          later: (run, ms) => {
            const timer = setTimeout(run, ms)
            return () => clearTimeout(timer)
          },
        },
        (events) => {
          stopPage = null
          void drawPage(events, verifyOne)
        },
      )
    })
    .catch(() => undefined)
}

/** Draws the page's rows unless the app's feed came first; a failure leaves them undrawn. */
async function drawPage(events: readonly NostrEvent[], verifyOne: Promise<VerifyOne>) {
  try {
    const carried = await carriedNotes(events, verifyOne)
    const preferences = withStored(readStoredPreferences((key) => localStorage.getItem(key)))
    const rows = earlyRows(events, preferences, carried)
    if (!dropped && rows.length > 0) drawn = drawEarlyFeed(rows, preferences.customHashtags)
  } catch {
    // The WebAssembly or the storage refused: the app draws the feed as it would have.
  }
}

/** The notes reposts carry whose signatures hold, by repost (the app's carriedNote). */
async function carriedNotes(
  events: readonly NostrEvent[],
  verifyOne: Promise<VerifyOne>,
): Promise<Map<string, NostrEvent>> {
  const check = await verifyOne
  const carried = new Map<string, NostrEvent>()
  for (const event of events) {
    const embedded = parseRepost(event)?.embedded
    if (embedded && checkEvent(embedded, check)) carried.set(event.id, embedded)
  }
  return carried
}

function drawEarlyFeed(rows: readonly EarlyRow[], hashtags: readonly string[]): HTMLElement {
  const now = Math.floor(Date.now() / 1000)
  const feed = element('div', { class: 'feed' })
  for (const [index, row] of rows.entries()) feed.append(noteCard(row, index + 1, now))
  const layer = element('div', { class: 'early-feed', 'aria-hidden': 'true' })
  layer.inert = true
  // The page's column (styles.css .main), as the app's <main> lays out tabs and feed.
  const column = element('div', { class: 'main' })
  if (hashtags.length > 0) column.append(hashtagTabs(hashtags))
  column.append(feed)
  layer.append(column)
  document.body.append(layer)
  return layer
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
      title: 'Notes tagged with any of your hashtags',
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
function noteCard({ note, repost }: EarlyRow, position: number, now: number): HTMLElement {
  const profile = `/npub/${profileParam(note.pubkey)}`
  const name = displayName(undefined, note.pubkey)
  const avatar = element('span', { class: 'avatar avatar-fallback', 'aria-hidden': 'true' })
  // Through the CSSOM, as React sets it: the policy refuses style attributes.
  avatar.style.background = `hsl(${avatarHue(note.pubkey)} 45% 35%)`
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
    ...noteContent(note),
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
  path.setAttribute('d', 'M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z')
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
function noteContent(note: Note): HTMLElement[] {
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
      text.push(element('a', attributes, linkText(url, LINK_TEXT_MAX)))
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
      const { width, height, alt } = info.get(url) ?? { width: null, height: null, alt: '' }
      const image = element('img', { decoding: 'async', alt: alt || 'Image', loading: 'lazy' })
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
  // QuotedNote while the quoted note loads.
  for (const _ of quotedNotes(note.tags, note.content)) {
    parts.push(element('div', { class: 'note-quote note-quote-status' }, 'Loading quoted note…'))
  }
  return parts
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
