// NIP-57 zaps: the sender signs a kind 9734 zap request, the (deterministic, fake) lightning
// service behind everyone's lud16 pays a BOLT 11 invoice committing to that request and
// publishes the kind 9735 receipt, signed with its own "zapper" key.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { NostrEvent } from 'nostr-tools/pure'
import { bech32Encode, toWords } from './bech32.ts'
import { encodeInvoice } from './bolt11.ts'
import type { Author, NoteInfo, WorldContext } from './context.ts'
import { zapComments } from './corpus/conversation.ts'
import { inboxOf } from './relay-lists.ts'
import { after, HOUR } from './timeline.ts'

const AMOUNTS_SATS = [21, 21, 100, 210, 500, 1000, 1000, 2100, 5000, 10000, 21000]

/** LUD-06 lnurl for a lightning address served by the demo origin */
export function lnurlFor(ctx: WorldContext, handle: string): string {
  const url = `${ctx.origin}/.well-known/lnurlp/${handle}`
  return bech32Encode('lnurl', toWords(utf8ToBytes(url)))
}

export function publishZap(
  ctx: WorldContext,
  sender: Author,
  target: NoteInfo,
  amountSats = ctx.rng.pick(AMOUNTS_SATS),
  requestedAt = after(ctx, target.event.created_at, 4 * HOUR, sender.persona),
): NostrEvent {
  const recipient = target.author
  const msat = amountSats * 1000
  const request = ctx.signer.create(
    {
      kind: 9734,
      created_at: requestedAt,
      tags: [
        // NIP-57: where the receipt is to be published; the recipient reads there
        ['relays', ...inboxOf(ctx, recipient.id.pubkey)],
        ['amount', String(msat)],
        ['lnurl', lnurlFor(ctx, recipient.persona.handle)],
        ['p', recipient.id.pubkey],
        ['e', target.event.id],
      ],
      content: ctx.rng.pick(zapComments),
    },
    sender.id.secretKey,
    sender.id.pubkey,
  )
  // the request is not published itself: it travels signed inside the receipt
  const description = JSON.stringify(ctx.signer.ensureSigned(request))
  // preimage and secrets derive from the request id: unique per zap, stable across runs
  const preimage = sha256(utf8ToBytes(`preimage/${request.id}`))
  const paidAt = Math.min(ctx.now, requestedAt + ctx.timeRng.int(1, 6))
  const bolt11 = encodeInvoice({
    amountMsat: msat,
    timestamp: requestedAt,
    paymentHash: sha256(preimage),
    paymentSecret: sha256(utf8ToBytes(`secret/${request.id}`)),
    descriptionHash: sha256(utf8ToBytes(description)),
    expirySeconds: 3600,
    nodeSecretKey: ctx.zapper.secretKey,
  })
  const receipt = ctx.signer.create(
    {
      kind: 9735,
      created_at: paidAt,
      tags: [
        ['p', recipient.id.pubkey],
        ['P', sender.id.pubkey],
        ['e', target.event.id],
        ['bolt11', bolt11],
        ['description', description],
        ['preimage', bytesToHex(preimage)],
      ],
      content: '',
    },
    ctx.zapper.secretKey,
    ctx.zapper.pubkey,
  )
  ctx.events.push(receipt)
  return receipt
}

/** zaps scattered over the month, mostly to notes people liked enough to pay for */
export function publishZaps(ctx: WorldContext, count: number): void {
  const roots = ctx.notes.filter((n) => n.rootId === null)
  for (let i = 0; i < count; i++) {
    const target = ctx.rng.pick(roots)
    const sender = ctx.rng.pick(ctx.authors.filter((a) => a !== target.author))
    publishZap(ctx, sender, target)
  }
}
