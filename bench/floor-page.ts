/**
 * The floor's start-up script (bench/first-note-floor.ts): only what the app's first note cannot
 * do without. The config names the relays (inline, or fetched as the app does), one socket to
 * each read relay asks for the app's first page, the first event whose signature holds under
 * nostr-wasm (the app's check) is drawn as a card. No splash, no rows after the first, nothing
 * handed over: a page doing more can only be slower.
 */
import { NostrWasm } from 'nostr-wasm'
import { type PoolEntry, poolReadUrls } from '../src/core/relays/pool-urls.ts'

/** What the floor's page holds in `#plume-floor`, a JSON script element before this one. */
export interface FloorData {
  wasmUrl: string
  filters: unknown[]
  /** The runtime config inline, or null: fetched from /config.json. */
  config: { relays: PoolEntry[] } | null
}

const mark = (name: string) => void performance.mark(name)
mark('plume:start')
const data = JSON.parse(document.getElementById('plume-floor')?.textContent ?? 'null') as FloorData
const verifier = NostrWasm(fetch(data.wasmUrl))
const config = data.config
  ? Promise.resolve(data.config)
  : fetch('/config.json').then((response) => response.json() as Promise<{ relays: PoolEntry[] }>)
// A script in the head may hear its event before the body is parsed.
const body = new Promise<HTMLElement>((ready) => {
  if (document.body) ready(document.body)
  else document.addEventListener('DOMContentLoaded', () => ready(document.body))
})

let drawn = false
const draw = async (content: string) => {
  const feed = document.createElement('div')
  feed.className = 'early-feed'
  const card = document.createElement('article')
  card.className = 'note'
  const text = document.createElement('div')
  text.className = 'note-text'
  text.textContent = content
  card.append(text)
  feed.append(card)
  ;(await body).append(feed)
  mark('plume:early-drawn')
}

void config.then(({ relays }) => {
  mark('plume:config')
  for (const url of poolReadUrls(relays)) {
    const socket = new WebSocket(url)
    socket.onopen = () => {
      socket.send(JSON.stringify(['REQ', 'floor', ...data.filters]))
      mark('plume:early-asked')
    }
    socket.onmessage = async (message) => {
      const frame = JSON.parse(String(message.data)) as unknown[]
      if (frame[0] !== 'EVENT' || drawn) return
      mark('plume:early-first-event')
      const nostr = await verifier
      try {
        nostr.verifyEvent(frame[2] as Parameters<typeof nostr.verifyEvent>[0])
      } catch {
        return // a forged event is not drawn
      }
      if (drawn) return
      drawn = true
      await draw(String((frame[2] as { content: unknown }).content))
    }
  }
})
