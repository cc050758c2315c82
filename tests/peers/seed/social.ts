// The social graph: who follows whom (kind 3), who mutes what (kind 10000), and where everyone
// publishes (kind 10002). Follows lean on shared interests so the graph has believable clusters.
import { author, publish, type WorldContext } from './context.ts'
import { outboxHint, relayListTags } from './relay-lists.ts'
import { DAY, HOUR } from './timeline.ts'
import type { Persona, TopicKey } from './types.ts'

/** interest clusters: people in the same cluster are much more likely to follow each other */
const CLUSTER: Readonly<Record<TopicKey, string>> = {
  bitcoin: 'money',
  lightning: 'money',
  memes: 'money',
  privacy: 'tech',
  nostr: 'nostr',
  nostrdev: 'tech',
  dev: 'tech',
  learning: 'tech',
  design: 'nostr',
  news: 'news',
  books: 'culture',
  art: 'culture',
  generative: 'culture',
  music: 'culture',
  landscape: 'photo',
  street: 'photo',
  film: 'photo',
  astro: 'photo',
  travel: 'food',
  chef: 'food',
  baking: 'food',
  coffee: 'food',
  garden: 'home',
  woodworking: 'home',
  teaching: 'home',
  science: 'home',
  life: 'home',
  cycling: 'outdoors',
  running: 'outdoors',
  climbing: 'outdoors',
  surf: 'outdoors',
  sailing: 'outdoors',
}

function interests(p: Persona): Map<string, number> {
  const total = p.topics.reduce((n, [, w]) => n + w, 0)
  const out = new Map<string, number>()
  for (const [topic, w] of p.topics) {
    const c = CLUSTER[topic]
    out.set(c, (out.get(c) ?? 0) + w / total)
  }
  return out
}

function affinity(a: Persona, b: Persona): number {
  const ia = interests(a)
  const ib = interests(b)
  let overlap = 0
  for (const [c, w] of ia) overlap += Math.min(w, ib.get(c) ?? 0)
  return overlap
}

/** the demo account follows nearly everyone, so its home feed is full from the first second */
const DEMO_SKIPS = new Set(['pablo', 'sven', 'viktor'])
/** muted by the demo account: visible elsewhere, hidden for the demo user */
const DEMO_MUTED = 'pablo'

export function buildFollowGraph(ctx: WorldContext): void {
  const demo = ctx.demo.persona.handle
  for (const a of ctx.authors) {
    const mine = new Set<string>()
    for (const b of ctx.authors) {
      if (a === b) continue
      const h = b.persona.handle
      if (a.persona.handle === demo) {
        if (!DEMO_SKIPS.has(h)) mine.add(h)
        continue
      }
      const p =
        0.08 +
        0.75 * affinity(a.persona, b.persona) +
        0.12 * (b.persona.activity - 1) +
        (h === demo ? 0.45 : 0)
      if (ctx.rng.next() < p) mine.add(h)
    }
    // nobody follows nobody: top up from the most active people
    if (mine.size < 8) {
      for (const b of [...ctx.authors].sort((x, y) => y.persona.activity - x.persona.activity)) {
        if (mine.size >= 8) break
        if (b !== a) mine.add(b.persona.handle)
      }
    }
    ctx.follows.set(a.persona.handle, mine)
  }
}

export function publishContactLists(ctx: WorldContext): void {
  const demo = ctx.demo.persona.handle
  // two people followed the demo account today, so "new follower" notifications have something to show
  const fresh = new Set(
    ctx.rng
      .shuffle(ctx.authors.filter((a) => ctx.follows.get(a.persona.handle)?.has(demo)))
      .slice(0, 2)
      .map((a) => a.persona.handle),
  )
  for (const a of ctx.authors) {
    const handles = [...(ctx.follows.get(a.persona.handle) ?? [])]
    const age = fresh.has(a.persona.handle)
      ? ctx.timeRng.int(1, 20) * HOUR
      : ctx.timeRng.int(2, 25) * DAY
    publish(ctx, a, {
      kind: 3,
      created_at: ctx.now - age - ctx.timeRng.int(0, HOUR),
      tags: handles.map((h) => {
        const pubkey = author(ctx, h).id.pubkey
        return ['p', pubkey, outboxHint(ctx, pubkey)]
      }),
      content: '',
    })
  }
}

const MUTES: readonly {
  handle: string
  people: readonly string[]
  tags: readonly string[]
  words: readonly string[]
}[] = [
  { handle: 'juniper', people: [DEMO_MUTED], tags: ['airdrop'], words: ['giveaway'] },
  { handle: 'elena', people: ['pablo'], tags: [], words: [] },
  { handle: 'noor', people: ['pablo'], tags: ['memes'], words: [] },
  { handle: 'tomas', people: [], tags: ['airdrop'], words: ['crypto casino'] },
  { handle: 'lena', people: [], tags: [], words: ['nft drop'] },
  { handle: 'hana', people: ['zoe'], tags: ['memes'], words: [] },
  { handle: 'maya', people: [], tags: ['politics'], words: [] },
  { handle: 'marcus', people: ['pablo'], tags: [], words: ['to the moon'] },
]

export function publishMuteLists(ctx: WorldContext): void {
  for (const m of MUTES) {
    const a = author(ctx, m.handle)
    publish(ctx, a, {
      kind: 10000,
      created_at: ctx.now - ctx.timeRng.int(3, 27) * DAY - ctx.timeRng.int(0, DAY),
      tags: [
        ...m.people.map((h) => ['p', author(ctx, h).id.pubkey]),
        ...m.tags.map((t) => ['t', t]),
        ...m.words.map((w) => ['word', w]),
      ],
      content: '',
    })
  }
}

export function publishRelayLists(ctx: WorldContext): void {
  for (const a of ctx.authors) {
    const list = ctx.relayLists.get(a.id.pubkey)
    if (!list) throw new Error(`no relay list for ${a.persona.handle}`)
    publish(ctx, a, {
      kind: 10002,
      created_at: ctx.now - ctx.timeRng.int(20, 60) * DAY - ctx.timeRng.int(0, DAY),
      tags: relayListTags(list),
      content: '',
    })
  }
}

export const isMutedByDemo = (handle: string): boolean => handle === DEMO_MUTED
