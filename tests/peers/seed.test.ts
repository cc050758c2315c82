import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { decode } from 'nostr-tools/nip19'
import { getSatoshisAmountFromBolt11 } from 'nostr-tools/nip57'
import { type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import { beforeAll, describe, expect, it } from 'vitest'
import { clearDemoWorldCache, type DemoWorld, demoZapper, generateDemoWorld } from './seed/index.ts'

const ORIGIN = 'http://127.0.0.1:8080'
const RELAY = 'ws://127.0.0.1:7777'
const NOW = 1_760_000_000
const DAY = 86_400

let world: DemoWorld
let generationMs = 0

const tagValues = (e: NostrEvent, name: string): string[] =>
  e.tags.filter((t) => t[0] === name).map((t) => t[1] ?? '')
const ofKind = (kind: number): NostrEvent[] => world.events.filter((e) => e.kind === kind)
const isReply = (e: NostrEvent): boolean => e.kind === 1 && e.tags.some((t) => t[0] === 'e')

/** minimal BOLT 11 reader for the test: bech32 words -> tagged fields + recovered payee key */
function readInvoice(invoice: string): {
  hrp: string
  fields: Map<number, number[]>
  payee: string
} {
  const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
  const sep = invoice.lastIndexOf('1')
  const hrp = invoice.slice(0, sep)
  const words = [...invoice.slice(sep + 1)].map((c) => CHARSET.indexOf(c))
  const data = words.slice(0, -6)
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
    ...words,
  ]
  for (const v of expanded) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i] ?? 0
  }
  if (chk !== 1) throw new Error('bad bech32 checksum')
  const toBytes = (ws: number[]): Uint8Array => {
    let acc = 0
    let bits = 0
    const out: number[] = []
    for (const w of ws) {
      acc = ((acc << 5) | w) & 0xffff
      bits += 5
      while (bits >= 8) {
        bits -= 8
        out.push((acc >>> bits) & 0xff)
      }
    }
    if (bits > 0) out.push((acc << (8 - bits)) & 0xff)
    return new Uint8Array(out)
  }
  const sigWords = data.slice(-104)
  const body = data.slice(0, -104)
  const fields = new Map<number, number[]>()
  for (let i = 7; i < body.length; ) {
    const type = body[i] ?? 0
    const len = (body[i + 1] ?? 0) * 32 + (body[i + 2] ?? 0)
    fields.set(type, body.slice(i + 3, i + 3 + len))
    i += 3 + len
  }
  const sig = toBytes(sigWords).slice(0, 65)
  const recovered = new Uint8Array(65)
  recovered[0] = sig[64] ?? 0
  recovered.set(sig.slice(0, 64), 1)
  const message = new Uint8Array([...utf8ToBytes(hrp), ...toBytes(body)])
  const payee = bytesToHex(secp256k1.recoverPublicKey(recovered, message, { prehash: true }))
  return { hrp, fields, payee }
}

beforeAll(async () => {
  const start = performance.now()
  world = await generateDemoWorld({ origin: ORIGIN, now: NOW, relayUrl: RELAY })
  generationMs = performance.now() - start
  console.info(`demo world: ${world.events.length} events in ${Math.round(generationMs)} ms`)
}, 60_000)

describe('demo world', () => {
  it('has the expected shape and volume', () => {
    expect(world.accounts.length).toBeGreaterThanOrEqual(30)
    expect(ofKind(0).length).toBeGreaterThanOrEqual(30)
    expect(ofKind(1).length).toBeGreaterThanOrEqual(2500)
    expect(ofKind(3).length).toBeGreaterThanOrEqual(30)
    expect(ofKind(6).length).toBeGreaterThan(50)
    expect(ofKind(7).length).toBeGreaterThan(500)
    expect(ofKind(10000).length).toBeGreaterThan(0)
    expect(ofKind(10002).length).toBe(world.accounts.length)
    expect(ofKind(9735).length).toBeGreaterThan(5)
    expect(ofKind(1).filter((e) => tagValues(e, 'q').length > 0).length).toBeGreaterThan(20)
    expect(
      ofKind(1).filter((e) => tagValues(e, 'content-warning').length > 0).length,
    ).toBeGreaterThan(3)
    expect(world.nip05[world.demoAccount.name]).toBe(world.demoAccount.pubkey)
    expect(Object.keys(world.nip05).length).toBe(world.accounts.length)
  })

  it('keeps every event in the past month-ish, none in the future', () => {
    for (const e of world.events) expect(e.created_at).toBeLessThanOrEqual(NOW)
    const notes = ofKind(1)
    expect(Math.min(...notes.map((e) => e.created_at))).toBeGreaterThan(NOW - 29 * DAY)
    expect(notes.filter((e) => e.created_at > NOW - DAY).length).toBeGreaterThan(50)
  })

  it('is deterministic for a fixed now; another now shifts every event by the same time', async () => {
    clearDemoWorldCache()
    const again = await generateDemoWorld({ origin: ORIGIN, now: NOW, relayUrl: RELAY })
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(world.events))
    expect(again.accounts).toEqual(world.accounts)

    const later = await generateDemoWorld({
      origin: ORIGIN,
      now: NOW + 3 * DAY + 1234,
      relayUrl: RELAY,
    })
    // The same people, and the same events at the same ages: another now only shifts the times,
    // so every test meets the same world whatever the second it starts in.
    expect(later.accounts).toEqual(world.accounts)
    const shape = (w: DemoWorld, at: number) =>
      w.events.map((e) => `${e.kind} ${e.pubkey} ${at - e.created_at}`).sort()
    expect(shape(later, NOW + 3 * DAY + 1234)).toEqual(shape(world, NOW))
  }, 60_000)

  it('signs everything validly', () => {
    const notes = ofKind(1)
    const sample = notes.filter((_, i) => i % Math.ceil(notes.length / 300) === 0)
    for (const e of [...sample, ...world.events.filter((x) => x.kind !== 1)]) {
      expect(verifyEvent({ ...e }), `event ${e.id} kind ${e.kind}`).toBe(true)
    }
    const ids = new Set(world.events.map((e) => e.id))
    expect(ids.size).toBe(world.events.length)
  }, 60_000)

  it('profiles point at the origin for pictures, NIP-05 and lightning', () => {
    const host = new URL(ORIGIN).host
    for (const e of ofKind(0)) {
      const p = JSON.parse(e.content) as Record<string, string>
      expect(p.picture?.startsWith(`${ORIGIN}/media/`)).toBe(true)
      expect(p.banner?.startsWith(`${ORIGIN}/media/`)).toBe(true)
      expect(p.nip05).toBe(`${p.name}@${host}`)
      expect(p.lud16).toBe(`${p.name}@${host}`)
      expect(world.nip05[p.name ?? '']).toBe(e.pubkey)
      expect(p.about?.length).toBeGreaterThan(20)
      expect(p.display_name).toBeTruthy()
    }
  })

  it('tags hashtags that appear in the text, including bitcoin, nostr and news', () => {
    const counts = new Map<string, number>()
    for (const e of ofKind(1)) {
      for (const t of tagValues(e, 't')) {
        counts.set(t, (counts.get(t) ?? 0) + 1)
        expect(e.content.toLowerCase()).toContain(`#${t}`)
      }
    }
    for (const tag of ['bitcoin', 'nostr', 'news']) expect(counts.get(tag) ?? 0).toBeGreaterThan(20)
    expect(counts.size).toBeGreaterThan(60)
    expect(world.events.some((e) => /lorem|ipsum|test note/i.test(e.content))).toBe(false)
  })

  it('builds NIP-10 threads whose markers point at existing notes', () => {
    const byId = new Map(world.events.map((e) => [e.id, e]))
    const replies = ofKind(1).filter(isReply)
    expect(replies.length).toBeGreaterThan(400)
    let nested = 0
    for (const r of replies) {
      const eTags = r.tags.filter((t) => t[0] === 'e')
      const root = eTags.find((t) => t[3] === 'root')
      expect(root, r.id).toBeDefined()
      expect(root?.[2]).toBe(RELAY)
      const rootEvent = byId.get(root?.[1] ?? '')
      expect(rootEvent?.kind).toBe(1)
      expect(rootEvent?.created_at).toBeLessThanOrEqual(r.created_at)
      const reply = eTags.find((t) => t[3] === 'reply')
      const parent = reply ? byId.get(reply[1] ?? '') : rootEvent
      expect(parent).toBeDefined()
      if (reply) {
        nested++
        // the parent belongs to the same thread
        expect(
          parent?.tags.some((t) => t[0] === 'e' && t[1] === root?.[1] && t[3] === 'root'),
        ).toBe(true)
      }
      if (parent && parent.pubkey !== r.pubkey) expect(tagValues(r, 'p')).toContain(parent.pubkey)
    }
    expect(nested).toBeGreaterThan(50)
  })

  it('reposts embed the signed original, quotes link and q-tag it, mentions p-tag', () => {
    const byId = new Map(world.events.map((e) => [e.id, e]))
    // NIP-18 allows an empty content: the showcase has one repost that only names the note.
    const empty = ofKind(6).filter((r) => r.content === '')
    expect(empty).toHaveLength(1)
    for (const r of empty) {
      const target = byId.get(tagValues(r, 'e')[0] ?? '')
      expect(target?.kind).toBe(1)
      expect(tagValues(r, 'p')).toContain(target?.pubkey)
    }
    for (const r of ofKind(6).filter((x) => x.content !== '')) {
      const inner = JSON.parse(r.content) as NostrEvent
      expect(tagValues(r, 'e')).toContain(inner.id)
      expect(tagValues(r, 'p')).toContain(inner.pubkey)
      expect(byId.get(inner.id)).toEqual(inner)
      expect(verifyEvent({ ...inner })).toBe(true)
    }
    const quotes = ofKind(1).filter((e) => tagValues(e, 'q').length > 0)
    for (const q of quotes) {
      const link = /nostr:(note1\w+|nevent1\w+)/.exec(q.content)?.[1] ?? ''
      const decoded = decode(link)
      const id =
        decoded.type === 'note' ? decoded.data : decoded.type === 'nevent' ? decoded.data.id : ''
      expect(tagValues(q, 'q')).toContain(id)
      expect(byId.has(id)).toBe(true)
    }
    const mentions = ofKind(1).filter((e) => e.content.includes('nostr:npub1'))
    expect(mentions.length).toBeGreaterThan(10)
    for (const m of mentions) {
      const npub = /nostr:(npub1\w+)/.exec(m.content)?.[1] ?? ''
      const decoded = decode(npub)
      expect(decoded.type === 'npub' && tagValues(m, 'p').includes(decoded.data)).toBe(true)
    }
    for (const r of ofKind(7)) {
      expect(byId.has(tagValues(r, 'e')[0] ?? '')).toBe(true)
      expect(r.content === '+' || r.content.length <= 4).toBe(true)
    }
  })

  it('contact lists form a connected graph and the demo account follows many', () => {
    const pubkeys = new Set(world.accounts.map((a) => a.pubkey))
    for (const c of ofKind(3)) {
      const follows = tagValues(c, 'p')
      expect(follows.length).toBeGreaterThanOrEqual(8)
      for (const p of follows) expect(pubkeys.has(p)).toBe(true)
    }
    const demoList = ofKind(3).find((c) => c.pubkey === world.demoAccount.pubkey)
    expect(tagValues(demoList as NostrEvent, 'p').length).toBeGreaterThanOrEqual(20)
    const followers = ofKind(3).filter((c) => tagValues(c, 'p').includes(world.demoAccount.pubkey))
    expect(followers.length).toBeGreaterThanOrEqual(10)
    for (const r of ofKind(10002)) expect(r.tags).toEqual([['r', RELAY]])
  })

  it('zap receipts carry a signed zap request and a matching, signed bolt11 invoice', () => {
    const zapper = demoZapper()
    for (const z of ofKind(9735)) {
      expect(z.pubkey).toBe(zapper.pubkey)
      const description = tagValues(z, 'description')[0] ?? ''
      const request = JSON.parse(description) as NostrEvent
      expect(request.kind).toBe(9734)
      expect(verifyEvent({ ...request })).toBe(true)
      expect(tagValues(z, 'P')).toEqual([request.pubkey])
      expect(tagValues(z, 'p')).toEqual(tagValues(request, 'p'))
      const bolt11 = tagValues(z, 'bolt11')[0] ?? ''
      const msat = Number(tagValues(request, 'amount')[0])
      expect(getSatoshisAmountFromBolt11(bolt11)).toBe(msat / 1000)
      const invoice = readInvoice(bolt11)
      const hashWords = invoice.fields.get(23) ?? []
      expect(hashWords.length).toBe(52)
      expect(invoice.payee.length).toBe(66)
      const preimage = tagValues(z, 'preimage')[0] ?? ''
      expect(bytesToHex(sha256(Uint8Array.from(Buffer.from(preimage, 'hex'))))).toMatch(
        /^[0-9a-f]{64}$/,
      )
      expect(bytesToHex(sha256(utf8ToBytes(description)))).toHaveLength(64)
    }
  })

  it('gives the demo account plenty of notifications in the last 24 hours', () => {
    const demo = world.demoAccount.pubkey
    const recent = world.events.filter(
      (e) => e.created_at > NOW - DAY && e.pubkey !== demo && tagValues(e, 'p').includes(demo),
    )
    expect(recent.length).toBeGreaterThanOrEqual(10)
    const kinds = new Set(recent.map((e) => e.kind))
    for (const k of [1, 6, 7, 9735]) expect(kinds.has(k), `kind ${k}`).toBe(true)
  })

  it('serves every media URL referenced by profiles and notes', () => {
    const paths = new Set<string>()
    const pattern = new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}(/media/[^\\s"\\\\]+)`, 'g')
    for (const e of world.events) {
      if (e.kind !== 0 && e.kind !== 1) continue
      for (const m of e.content.matchAll(pattern)) paths.add(m[1] ?? '')
    }
    const byExt = (ext: string): string[] => [...paths].filter((p) => p.endsWith(ext))
    expect(byExt('.svg').length).toBe(world.accounts.length * 2)
    expect(byExt('.png').length).toBeGreaterThan(20)
    expect(byExt('.webm').length).toBeGreaterThanOrEqual(2)
    const types: Record<string, string> = {
      svg: 'image/svg+xml',
      png: 'image/png',
      webm: 'video/webm',
    }
    for (const path of paths) {
      const file = world.media(path)
      expect(file, path).not.toBeNull()
      expect(file?.body.length, path).toBeGreaterThan(100)
      expect(file?.contentType).toBe(types[path.split('.').pop() ?? ''])
    }
    expect(world.media('/media/photos/mountains-99.png')).toBeNull()
    expect(world.media('/media/avatars/nobody.svg')).toBeNull()
    expect(world.media('/media/../package.json')).toBeNull()
  }, 180_000)
})
