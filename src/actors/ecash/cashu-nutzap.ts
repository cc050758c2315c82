/**
 * Nutzaps (NIP-61), the sending side and the nutzap info event. The user's 10019 names their
 * read relays, their wallet's mints and the wallet key's public key; it is published when the
 * wallet is created and whenever its mints change. A nutzap reads the recipient's 10019, takes a
 * mint both sides have (with enough balance here), swaps reserved proofs into ones locked to the
 * recipient's key (with DLEQ proofs) through the proof reservation machine, so a reload in the
 * middle settles with the mint as any send does, then publishes the 9321 to the relays of the
 * recipient's 10019 (`reason: nutzap`: outside the pool, they are reached for it) and the app's
 * write relays. The redeeming side is cashu-nutzap-inbox.ts.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import { type EventTemplate, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { createActor } from 'xstate'
import { lockPubkey } from '../../core/ecash/cashu-p2pk.ts'
import { balance, proofsIn, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import {
  listedMint,
  NUTZAP_ERRORS,
  NUTZAP_UNIT,
  type NutzapInfo,
  nutzapInfoTemplate,
  nutzapTemplate,
} from '../../core/ecash/nip61.ts'
import { replacementCreatedAt } from '../../core/relays/nip01.ts'
import type { PoolEntry } from '../../core/relays/pool-urls.ts'
import { canRead, canWrite } from '../../core/relays/relay-permission.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { publishEach } from '../people/own-events.ts'
import type { Signer } from '../platform/signer.ts'
import { nutzapTargets } from '../relays/inbox-relays.ts'
import { publishWithReason } from '../relays/publish-reason.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { SIGNER_MISMATCH } from '../relays/relay-list.effects.ts'
import { fetchNutzapInfo } from './cashu-nutzap-info.ts'
import {
  dropPending,
  type FinishDeps,
  finishPending,
  savePending,
  sentEntry,
  serializeOutputs,
} from './cashu-nutzap-pending.ts'
import { sendTarget } from './cashu-send-target.ts'
import type { MintEntry, PendingNutzap } from './cashu-store.ts'
import type { TransferDeps } from './cashu-transfer.ts'
import { reservationLogic } from './proof-reservation.effects.ts'

/** The relays a nutzap goes through, as the app's relay pool has them. */
export interface NutzapNetwork {
  hub: Pick<RelayHub, 'query' | 'subscribe' | 'publish'>
  /** The user's read relays: others send nutzaps there (the 10019's relay tags). */
  readRelays(): string[]
  /** Where the user's own events go: the write relays and indexers. */
  writeRelays(): string[]
  /** Every relay of the pool: a relay it holds is named in its spelling. */
  pool(): readonly PoolEntry[]
}

export interface NutzapDeps extends TransferDeps {
  network: NutzapNetwork
  signer(): Signer
  /** The wallet key (hex private key) nutzaps to this user are locked to. */
  walletKey(): Promise<string>
}

/** The network from the app's hub and relay pool. */
export function poolNetwork(
  hub: NutzapNetwork['hub'],
  pool: () => RelayPoolActorRef | undefined,
): NutzapNetwork {
  const entries = () => pool()?.getSnapshot().context.entries ?? []
  return {
    hub,
    readRelays: () =>
      entries()
        .filter((e) => canRead(e.permission))
        .map((e) => e.url),
    writeRelays: () =>
      entries()
        .filter((e) => canWrite(e.permission) || e.permission === 'indexer')
        .map((e) => e.url),
    pool: entries,
  }
}

/** The P2PK key (02-prefixed, NIP-61) of a wallet key. */
const walletLockKey = (walletKey: string) => lockPubkey(getPublicKey(hexToBytes(walletKey)))

const seconds = (ms: number) => Math.floor(ms / 1000)

/** Signs as the user; a signer for another account (an extension switched) is refused. */
export async function signAsUser(
  deps: Pick<NutzapDeps, 'signer' | 'pubkey'>,
  template: EventTemplate,
): Promise<NostrEvent> {
  const event = await deps.signer().signEvent(template)
  if (event.pubkey !== deps.pubkey) throw new Error(SIGNER_MISMATCH)
  return event
}

/** The user's nutzap info as this wallet would publish it. */
export async function ownNutzapInfo(deps: NutzapDeps, mints: readonly MintEntry[]) {
  return {
    relays: deps.network.readRelays(),
    mints: mints.map((m) => ({ url: m.url, units: [NUTZAP_UNIT] })),
    pubkey: walletLockKey(await deps.walletKey()),
  } satisfies NutzapInfo
}

/** The info in a comparable form: the same relays, mints and key in any order. */
const infoKey = (info: NutzapInfo) =>
  JSON.stringify([
    [...info.relays].sort(),
    info.mints.map((m) => [m.url, ...m.units].join(' ')).sort(),
    info.pubkey,
  ])

/** What was last published (or found on the relays): the same info is not sent again. */
export interface PublishedInfo {
  key: string | null
  /** When the last one was made (seconds): the next replaces it, so it is made later. */
  createdAt?: number
}

/**
 * Publishes the user's 10019 unless the relays have the same one (nothing while the wallet has
 * no mint: no one could pay it).
 */
export async function publishNutzapInfo(
  deps: NutzapDeps,
  last: PublishedInfo,
): Promise<NostrEvent | null> {
  const { mints } = await deps.store.read(deps.pubkey)
  if (mints.length === 0) return null
  const info = await ownNutzapInfo(deps, mints)
  const key = infoKey(info)
  if (last.key === null) {
    const current = await fetchNutzapInfo(deps.network.hub, deps.pubkey)
    if (current) last.key = infoKey(current)
  }
  if (last.key === key) return null
  const createdAt = replacementCreatedAt(seconds(deps.now()), last.createdAt)
  const event = await signAsUser(deps, nutzapInfoTemplate(info, createdAt))
  await publishEach(deps.network.hub, event, deps.network.writeRelays())
  last.key = key
  last.createdAt = createdAt
  return event
}

export interface NutzapRequest {
  recipient: string
  amount: number
  comment: string
  /** The nutzapped note, if any. */
  event?: { id: string; kind: number; relay?: string }
}

/** The first of this wallet's mints the recipient accepts that can pay `amount` with fees. */
async function chooseMint(deps: NutzapDeps, info: NutzapInfo, amount: number) {
  const { book, mints } = await deps.store.read(deps.pubkey)
  for (const { url } of mints) {
    const listed = listedMint(info, url)
    if (!listed || balance(book, url) < amount) continue
    const wallet = await deps.walletOf(url)
    // The token carries its receiver's redeem fee too (includeFees): pick for both.
    const target = sendTarget(wallet, amount)
    const { send } = wallet.selectProofsToSend(proofsIn(book, 'available', url), target, true)
    if (send.length > 0)
      return { mint: url, listed: listed.url, secrets: send.map((p) => p.secret) }
  }
  throw new Error(NUTZAP_ERRORS.noCommonMint)
}

/**
 * Where a nutzap goes (NIP-61): the relays of the recipient's 10019 (as the pool spells them,
 * at most INBOX_RELAYS_MAX), then the app's.
 */
export function nutzapRelays(
  network: NutzapNetwork,
  recipient: string,
  info: Pick<NutzapInfo, 'relays'>,
): string[] {
  const ours = network.writeRelays()
  const theirs = nutzapTargets(recipient, info.relays, ours, network.pool()).map((t) => t.url)
  return [...new Set([...theirs, ...ours])]
}

/** Publishes a 9321 to each relay, those of the recipient's 10019 reached for it. */
function publishNutzap(network: NutzapNetwork, event: NostrEvent, relays: readonly string[]) {
  const recipient = event.tags.find((tag) => tag[0] === 'p')?.[1] ?? ''
  const hub = publishWithReason(network.hub, { kind: 'nutzap', pubkey: recipient })
  return publishEach(hub, event, relays)
}

/** What finishing an interrupted nutzap needs, from the wallet's effects. */
export function finishDeps(deps: NutzapDeps): FinishDeps {
  return {
    store: deps.store,
    pubkey: deps.pubkey,
    now: deps.now,
    walletOf: deps.walletOf,
    keysOf: async (mint) => {
      const loaded = await deps.loadedMint(mint)
      return (id) => loaded.keys.find((k) => k.id === id)
    },
    sign: (template) => signAsUser(deps, template),
    publish: (event, relays) => publishNutzap(deps.network, event, relays),
  }
}

/**
 * Sends a nutzap, or throws why not. The locked outputs are written down before the mint sees
 * them and the signed event as soon as it exists (cashu-nutzap-pending.ts): whatever stops the
 * send after the swap, the nutzap is finished from there (here, or when the wallet next opens).
 */
export async function sendNutzap(
  deps: NutzapDeps,
  request: NutzapRequest,
  /** Sends running: their pending records are not finished from elsewhere meanwhile. */
  sending = new Set<string>(),
): Promise<{ mint: string; event: string }> {
  const info = await fetchNutzapInfo(deps.network.hub, request.recipient)
  if (!info) throw new Error(NUTZAP_ERRORS.noInfo)
  const { mint, listed, secrets } = await chooseMint(deps, info, request.amount)
  const opId = deps.newId()
  sending.add(opId)
  try {
    return await sendLocked(deps, request, { info, mint, listed, secrets, opId })
  } finally {
    sending.delete(opId)
  }
}

async function sendLocked(
  deps: NutzapDeps,
  request: NutzapRequest,
  chosen: { info: NutzapInfo; mint: string; listed: string; secrets: string[]; opId: string },
): Promise<{ mint: string; event: string }> {
  const { store, pubkey, now } = deps
  const { info, mint, listed, secrets, opId } = chosen
  let pending: PendingNutzap = {
    opId,
    mint,
    listed,
    recipient: request.recipient,
    amount: request.amount,
    comment: request.comment,
    ...(request.event ? { event: request.event } : {}),
    outputs: [],
    relays: nutzapRelays(deps.network, request.recipient, info),
  }
  let signError: unknown = null
  const logic = reservationLogic(deps, async (wallet, reserved) => {
    const preview = await wallet.prepareSwapToSend(
      request.amount,
      reserved,
      { includeFees: true },
      { send: { type: 'p2pk', options: { pubkey: info.pubkey } } },
    )
    pending = { ...pending, outputs: serializeOutputs(preview.sendOutputs ?? []) }
    await savePending(store, pubkey, pending)
    const { keep, send } = await wallet.completeSwap(preview)
    const proofs = send.map(toStoredProof)
    try {
      const template = nutzapTemplate(
        {
          recipient: request.recipient,
          mint: listed,
          proofs,
          comment: request.comment,
          event: request.event,
        },
        seconds(now()),
      )
      pending = { ...pending, signed: await signAsUser(deps, template) }
      await savePending(store, pubkey, pending)
    } catch (error) {
      signError = error // the pending nutzap keeps the outputs: signed and sent on a later try
    }
    return {
      spent: reserved.map((p) => p.secret),
      change: keep.map(toStoredProof),
      history: sentEntry(pending, proofs, now()),
    }
  })
  const actor = createActor(logic, { input: { opId, kind: 'send', mint, secrets } })
  const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }))
  actor.start()
  await done
  const output = actor.getSnapshot().output
  if (output?.outcome !== 'succeeded') {
    // Refused, or an outcome the reservation machine settled from the mint's proof states: the
    // locked outputs tell whether the swap happened (then the nutzap is finished) or not. Should
    // that fail too (the mint away), the pending nutzap waits for the wallet's next open.
    if (pending.outputs.length > 0) {
      await finishPending(finishDeps(deps), pending).catch(() => {})
      const sent = (await store.read(pubkey)).history.find((h) => h.id === opId)
      if (sent?.nutzap?.event) return { mint, event: sent.nutzap.event }
    }
    throw new Error(output?.error ?? 'The nutzap did not complete')
  }
  if (signError) throw signError
  const event = pending.signed as NostrEvent
  await publishNutzap(deps.network, event, pending.relays)
  await dropPending(store, pubkey, opId)
  return { mint, event: event.id }
}
