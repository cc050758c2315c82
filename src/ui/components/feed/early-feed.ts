/**
 * The early feed (core/feed/early-feed.ts) in the page, drawn by the start-up script with the DOM
 * alone, before React and the app have loaded: the same markup and classes as the app's first
 * render of those rows (HashtagTabs, NoteCard with no profile yet, NoteContent, NoteActions), so
 * the cards do not move or change size when the app's take their place. Laid over the page where
 * the app's feed renders, and removed by the app once its own feed is drawn or the home screen
 * is left (endEarlyFeed). Its links are plain links; its buttons say they are not working yet
 * (aria-disabled), for they do nothing until the app has drawn its own.
 */

import { noteParam, profileParam } from '../../../core/app/route-ids.ts'
import type { EarlyNote, EarlySegment } from '../../../core/feed/early-feed.ts'
import { hashtagKey } from '../../../core/feed/hashtags.ts'
import { linkText } from '../../../core/feed/link-text.ts'
import { avatarHue, shortNpub } from '../../../core/people/profile.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import { REPOST_ICON } from './repost-icon.ts'

const EARLY_FEED_CLASS = 'early-feed'
const SVG = 'http://www.w3.org/2000/svg'
/** NoteContent's. */
const LINK_REL = 'noopener noreferrer nofollow'
const LINK_TEXT_MAX = 48

type Children = (Node | string)[]

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  children: Children = [],
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value)
  made.append(...children)
  return made
}

/** HashtagTabs with "All" selected. */
function tabs(hashtags: readonly string[]): HTMLElement {
  return element('nav', { class: 'feed-tabs', 'aria-label': 'Feeds' }, [
    element(
      'a',
      {
        class: 'feed-tab active',
        title: 'Notes tagged with any of your hashtags',
        href: '/',
        'data-status': 'active',
        'aria-current': 'page',
      },
      ['All'],
    ),
    ...hashtags.map((tag) =>
      element('a', { class: 'feed-tab', href: `/?tag=${encodeURIComponent(hashtagKey(tag))}` }, [
        `#${tag}`,
      ]),
    ),
  ])
}

function segment(part: EarlySegment): Node | string {
  switch (part.kind) {
    case 'text':
      return part.text
    case 'hashtag':
      return element(
        'a',
        { class: 'hashtag', href: `/search?q=${encodeURIComponent(`#${part.tag}`)}` },
        [`#${part.tag}`],
      )
    case 'link':
      return element('a', { href: part.url, target: '_blank', rel: LINK_REL, title: part.url }, [
        linkText(part.url, LINK_TEXT_MAX),
      ])
    case 'mention':
      return element('a', { class: 'mention', href: profileHref(part.pubkey) }, [
        `@${shortNpub(part.pubkey)}`,
      ])
  }
}

const profileHref = (pubkey: string): string => `/npub/${profileParam(pubkey)}`

/** NoteCard's RepostLine: "{name} reposted · {time}". */
function repostLine(repost: NonNullable<EarlyNote['repost']>, now: number): HTMLElement {
  const svg = document.createElementNS(SVG, 'svg')
  for (const [name, value] of Object.entries(REPOST_ICON.svg)) svg.setAttribute(name, value)
  const path = document.createElementNS(SVG, 'path')
  path.setAttribute('fill', 'currentColor')
  path.setAttribute('d', REPOST_ICON.path)
  svg.append(path)
  return element('p', { class: 'note-repost' }, [
    svg,
    element('a', { href: profileHref(repost.pubkey) }, [shortNpub(repost.pubkey)]),
    ' ',
    'reposted',
    element('span', { class: 'note-repost-time', title: absoluteTime(repost.created_at) }, [
      ' · ',
      relativeTime(repost.created_at, now),
    ]),
  ])
}

/** Said of every button here: it works once the app has taken the row's place. */
const WAITS = { 'aria-disabled': 'true' }

const action = (name: string, label: string, more: Record<string, string> = {}) =>
  element(
    'button',
    { type: 'button', class: 'note-action', 'data-action': name, ...WAITS, ...more },
    [label],
  )

/** NoteCard as the app first renders it: no profile yet, so the short npub and its letter. */
function card(note: EarlyNote, index: number, now: number): HTMLElement {
  const name = shortNpub(note.pubkey)
  const profile = profileHref(note.pubkey)
  const heading = `early-note-${index}`
  const avatar = element('span', { class: 'avatar avatar-fallback', 'aria-hidden': 'true' }, [
    name.slice(0, 1).toUpperCase(),
  ])
  // Through the CSSOM, which a style-src policy does not govern (a style attribute it would).
  avatar.style.background = `hsl(${avatarHue(note.pubkey)} 45% 35%)`
  const header = element('header', { class: 'note-header' }, [
    element('h3', { id: heading, class: 'note-author' }, [element('a', { href: profile }, [name])]),
    element('a', { class: 'note-time', href: `/note/${noteParam(note.id)}` }, [
      element(
        'time',
        {
          datetime: new Date(note.created_at * 1000).toISOString(),
          title: absoluteTime(note.created_at),
        },
        [relativeTime(note.created_at, now)],
      ),
    ]),
    element('button', {
      type: 'button',
      class: 'note-more',
      'aria-label': 'More',
      title: 'More',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
      ...WAITS,
    }),
  ])
  const replyTo = note.replyTo
    ? [
        element('p', { class: 'note-reply-to' }, [
          'Replying to ',
          element('a', { href: profileHref(note.replyTo) }, [shortNpub(note.replyTo)]),
        ]),
      ]
    : []
  const text =
    note.segments.length > 0
      ? [element('div', { class: 'note-text' }, note.segments.map(segment))]
      : []
  const actions = element('footer', { class: 'note-actions' }, [
    action('reply', 'Reply'),
    element('span', { class: 'note-action-pair' }, [action('repost', 'Repost')]),
    element('span', { class: 'note-action-pair' }, [
      action('like', 'Like', { 'aria-pressed': 'false' }),
    ]),
    action('zap', 'Zap'),
  ])
  return element(
    'article',
    {
      class: 'note',
      'aria-labelledby': heading,
      'aria-posinset': String(index + 1),
      'aria-setsize': '-1',
      tabindex: '0',
      'data-note-id': note.id,
      ...(note.repost && { 'data-repost-id': note.repost.id }),
    },
    [
      ...(note.repost ? [repostLine(note.repost, now)] : []),
      element('a', { class: 'note-avatar', href: profile, tabindex: '-1', 'aria-hidden': 'true' }, [
        avatar,
      ]),
      element('div', { class: 'note-body' }, [header, ...replyTo, ...text, actions]),
    ],
  )
}

/** Draws the rows over the page, under the static header; nothing when there are none. */
export function drawEarlyFeed(
  notes: readonly EarlyNote[],
  hashtags: readonly string[],
  nowSeconds: number,
): void {
  if (notes.length === 0) return
  const rows = notes.map((note, i) => element('div', {}, [card(note, i, nowSeconds)]))
  const feed = element(
    'div',
    { class: 'feed', role: 'feed', 'aria-busy': 'true', 'aria-label': 'Notes' },
    rows,
  )
  const main = element('main', { class: 'main' }, [
    ...(hashtags.length > 0 ? [tabs(hashtags)] : []),
    feed,
  ])
  document.body.append(element('div', { class: EARLY_FEED_CLASS }, [main]))
  // The app's list places each row at its height rounded to a pixel (measure-row.ts): so do
  // these, or the rows below the first would move by a fraction of a pixel each.
  const heights = rows.map((row) => Math.round(row.getBoundingClientRect().height))
  rows.forEach((row, i) => {
    row.style.height = `${heights[i]}px`
  })
}

/** The app's own feed is drawn, or the home screen left: the early one goes. */
export function endEarlyFeed(): void {
  document.querySelector(`.${EARLY_FEED_CLASS}`)?.remove()
}
