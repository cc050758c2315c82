/**
 * Nutzaps (NIP-61), the receiving side: while the wallet is open, kind 9321 events p-tagging the
 * user on the mints of their 10019 are watched (since their newest kind 7376, less a margin for
 * late events) on the app's read relays and on the relays of the user's 10019 as the relays have
 * it (one published from another device may name relays the pool lacks: `reason: nutzap`), checked (mint listed, locked to the wallet key, DLEQ valid) and swapped into new
 * proofs signed with the wallet key. Each redemption lands in the book and the history in one
 * write, then a 7376 marks it redeemed (NIP-60 history, with the nutzap's e tag and its sender's
 * p tag), sent to the user's relays and two of the sender's read relays (`reason: inbox`). A nutzap already marked (by a 7376 on the relays or in the local history) is skipped.
 * A failure says 'Failed to redeem nutzaps' with the reason; the nutzap is kept for a later try,
 * unless it failed the checks or the mint says it is spent with no try of this wallet's behind
 * it (redeemed elsewhere): then it never can succeed here, and is not tried again. A swap's
 * counters are noted with the nutzap, so a lost answer recovered later (now, by a later try, or
 * by the open wallet's settling) still records it as this nutzap redeemed.
 */
import { normalizeProofAmounts } from '@cashu/cashu-ts'
import type { NostrEvent } from 'nostr-tools/pure'
import { operationFailure, RECOVERY_ERRORS } from '../../core/ecash/cashu-errors.ts'
import { addProofs, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import { historyParts, NIP60_KINDS } from '../../core/ecash/nip60.ts'
import {
  mintKey,
  NIP61_KINDS,
  NUTZAP_ERRORS,
  NUTZAP_UNIT,
  type Nutzap,
  type NutzapInfo,
  parseNutzap,
} from '../../core/ecash/nip61.ts'
import { checkNutzap } from '../../core/ecash/nip61-check.ts'
import { messageOf } from '../../core/platform/error-message.ts'
import { newestEvent } from '../../core/platform/event-order.ts'
import { selectInboxRelays } from '../../core/relays/inbox.ts'
import { hubSpelling } from '../../core/relays/pool-urls.ts'
import { parseRelayList, RELAY_LIST_KIND } from '../../core/relays/relay-list.ts'
import { canRead } from '../../core/relays/relay-permission.ts'
import { publishEach } from '../people/own-events.ts'
import { nutzapTargets } from '../relays/inbox-relays.ts'
import { publishWithReason } from '../relays/publish-reason.ts'
import type { Subscription } from '../relays/relay-hub.ts'
import { type NutzapDeps, ownNutzapInfo, signAsUser } from './cashu-nutzap.ts'
import { fetchNutzapInfo } from './cashu-nutzap-info.ts'
import { forgetCounters, noteCounters } from './cashu-recover.ts'
import type { NutzapNote, WalletRecord } from './cashu-store.ts'
import { receiveEntry, recoverReceive } from './cashu-transfer.ts'

/** Nutzaps this much older than the newest 7376 are still asked for: relays can be late. */
const SINCE_MARGIN_S = 600

export interface InboxView {
  /** Redemptions running now. */
  redeeming: number
  /** 'Failed to redeem nutzaps: {reason}' after the last failure, until a redemption succeeds. */
  error: string | null
  /** Nutzaps kept for a later try. */
  waiting: number
}

export interface NutzapInbox {
  view(): InboxView
  /** (Re)reads the redeemed marks and watches for nutzaps on the wallet's current mints. */
  start(): Promise<void>
  /** Tries the waiting nutzaps again. */
  retry(): Promise<void>
  stop(): void
}

/**
 * A nutzap that can never be redeemed here: from a mint not listed, locked elsewhere, no DLEQ,
 * redeemed elsewhere.
 */
class Refused extends Error {}

/** Refused nutzaps remembered (anyone can publish them: the list must not grow without end). */
const REFUSED_KEPT = 500

const withoutWaiting = (record: WalletRecord, id: string) =>
  (record.nutzapsWaiting ?? []).filter((e) => e.id !== id)

/** The local history's entry for the nutzap's redemption, if this wallet redeemed it. */
const redeemedHere = (record: WalletRecord, id: string) =>
  record.history.find((h) => h.kind === 'receive' && h.nutzap?.event === id)

export function createNutzapInbox(deps: NutzapDeps, onChange: () => void): NutzapInbox {
  const { store, pubkey, now, network } = deps
  let subscriptions: Subscription[] = []
  let queue: Promise<void> = Promise.resolve()
  /** Queued or redeemed while the wallet is open: the subscription may deliver an event more than once. */
  const taken = new Set<string>()
  /** Nutzaps a 7376 on the relays marks redeemed. */
  const marked = new Set<string>()
  let info: NutzapInfo | null = null
  let view: InboxView = { redeeming: 0, error: null, waiting: 0 }
  let stopped = false

  const set = (change: Partial<InboxView>) => {
    view = { ...view, ...change }
    onChange()
  }

  /** Redeemed (a 7376 or the local history says so), or refused before. */
  const alreadyRedeemed = (record: WalletRecord, id: string) =>
    marked.has(id) || record.nutzapsRefused?.includes(id) || redeemedHere(record, id) !== undefined

  /** NIP-61: the 7376 goes to the user's relays and to the sender's NIP-65 read relays. */
  async function publishRedemption(nutzap: Nutzap, amount: number): Promise<void> {
    const parts = historyParts({
      direction: 'in',
      amount,
      unit: NUTZAP_UNIT,
      redeemed: [{ id: nutzap.id }],
      sender: nutzap.sender,
    })
    const content = await deps.signer().nip44Encrypt(pubkey, JSON.stringify(parts.secret))
    const event = await signAsUser(deps, {
      kind: NIP60_KINDS.history,
      created_at: Math.floor(now() / 1000),
      content,
      tags: parts.tags,
    })
    const lists = await network.hub.query([
      { kinds: [RELAY_LIST_KIND], authors: [nutzap.sender], limit: 1 },
    ])
    const list = newestEvent(lists.filter((e) => e.pubkey === nutzap.sender))
    const senderReads = list
      ? parseRelayList(list)
          .filter((r) => canRead(r.permission))
          .map((r) => r.url)
      : []
    const ours = network.writeRelays()
    const theirs = selectInboxRelays([nutzap.sender], () => senderReads, ours)
    const hub = publishWithReason(network.hub, { kind: 'inbox', pubkeys: [nutzap.sender] })
    const targets = [...ours, ...[...theirs.keys()].map((url) => hubSpelling(url, network.pool()))]
    await publishEach(hub, event, [...new Set(targets)])
    marked.add(nutzap.id)
  }

  /** The counters' recovery (NUT-09); throws the recovery's message when the mint cannot be asked. */
  const recovered = (opKey: string) =>
    recoverReceive(deps, opKey).catch((cause) => {
      throw new Error(RECOVERY_ERRORS.receive, { cause })
    })

  async function redeem(nutzap: Nutzap, mine: NutzapInfo): Promise<number> {
    const record = await store.read(pubkey)
    // A try before lost the swap's answer and could not recover then: what the mint signed
    // for it is recovered first, never swapped again.
    for (const [opKey, noted] of Object.entries(record.opCounters)) {
      if (noted.nutzap?.event !== nutzap.id) continue
      const amount = await recovered(opKey)
      if (amount > 0) return amount
    }
    const key = mintKey(nutzap.mint)
    // Never a mint the user did not list: its URL is the sender's to choose.
    const mint = record.mints.find((m) => mintKey(m.url) === key)?.url
    if (!mint) throw new Refused(NUTZAP_ERRORS.notListed)
    const loaded = await deps.loadedMint(mint)
    try {
      checkNutzap(nutzap, mine, (id) => loaded.keys.find((k) => k.id === id))
    } catch (error) {
      throw new Refused(messageOf(error))
    }
    const [wallet, privkey] = await Promise.all([deps.walletOf(mint), deps.walletKey()])
    // The counters are noted first, with the nutzap: an answer lost (or a reload) restores the
    // outputs from them, and records the nutzap as redeemed.
    const opKey = `receive:${deps.newId()}`
    const note: NutzapNote = {
      peer: nutzap.sender,
      event: nutzap.id,
      ...(nutzap.comment ? { comment: nutzap.comment } : {}),
    }
    await store.update(pubkey, (r) =>
      noteCounters(r, opKey, {
        keysetId: wallet.keysetId,
        mint,
        at: now(),
        operation: 'receive',
        nutzap: note,
      }),
    )
    let proofs: ReturnType<typeof toStoredProof>[]
    try {
      const token = { mint, unit: NUTZAP_UNIT, proofs: normalizeProofAmounts(nutzap.proofs) }
      proofs = (await wallet.receive(token, { privkey, requireDleq: true })).map(toStoredProof)
    } catch (error) {
      const failure = operationFailure(error)
      if (failure === 'refused' || failure === 'spent') {
        // The mint signed nothing: the noted counters have nothing to find.
        const latest = await store.update(pubkey, (r) => ({
          ...r,
          opCounters: forgetCounters(r, opKey),
        }))
        if (failure === 'refused') throw error
        // Spent, and no counters of this wallet's are left for it: redeemed elsewhere, unless
        // a recovery beside this try (settling's) recorded it here meanwhile.
        const here = redeemedHere(latest, nutzap.id)
        if (here) return here.amount
        throw new Refused(NUTZAP_ERRORS.redeemedElsewhere)
      }
      // The mint may have signed before its answer was lost: restored now, redeemed if found.
      const amount = await recovered(opKey)
      if (amount === 0) throw error
      return amount
    }
    const amount = proofs.reduce((sum, p) => sum + p.amount, 0)
    await store.update(pubkey, (r) => ({
      ...r,
      book: addProofs(r.book, mint, proofs, now()),
      history: [receiveEntry(deps, mint, amount, note), ...r.history],
      opCounters: forgetCounters(r, opKey),
      nutzapsWaiting: withoutWaiting(r, nutzap.id),
    }))
    return amount
  }

  async function take(event: NostrEvent, mine: NutzapInfo): Promise<void> {
    const nutzap = parseNutzap(event)
    const record = await store.read(pubkey)
    if (!nutzap || nutzap.recipient !== pubkey || alreadyRedeemed(record, event.id)) {
      if (record.nutzapsWaiting?.some((e) => e.id === event.id)) {
        const next = await store.update(pubkey, (r) => ({
          ...r,
          nutzapsWaiting: withoutWaiting(r, event.id),
        }))
        set({ waiting: next.nutzapsWaiting?.length ?? 0 })
      }
      // Redeemed here by a recovery (settling's) that publishes nothing: its 7376 goes now, so
      // the user's other devices do not try it.
      const here = nutzap && !marked.has(event.id) ? redeemedHere(record, event.id) : undefined
      if (nutzap && here) await publishRedemption(nutzap, here.amount).catch(() => {})
      return
    }
    set({ redeeming: view.redeeming + 1 })
    try {
      const amount = await redeem(nutzap, mine)
      set({ error: null, waiting: (await store.read(pubkey)).nutzapsWaiting?.length ?? 0 })
      // Redeemed and recorded here already: a 7376 that cannot be published now only delays
      // other devices seeing it, so it does not count as a failed redemption.
      await publishRedemption(nutzap, amount).catch(() => {})
    } catch (error) {
      // Refused: never redeemable here, not asked about again. Otherwise (the mint away, the key
      // locked) it waits for a later try.
      const refused = error instanceof Refused
      if (!refused) taken.delete(event.id)
      const next = await store.update(pubkey, (r) => ({
        ...r,
        nutzapsWaiting: refused
          ? withoutWaiting(r, event.id)
          : [...withoutWaiting(r, event.id), event],
        nutzapsRefused: refused
          ? [...(r.nutzapsRefused ?? []), event.id].slice(-REFUSED_KEPT)
          : r.nutzapsRefused,
      }))
      set({
        error: `${NUTZAP_ERRORS.redeemFailed}: ${messageOf(error)}`,
        waiting: next.nutzapsWaiting?.length ?? 0,
      })
    } finally {
      set({ redeeming: view.redeeming - 1 })
    }
  }

  const enqueue = (event: NostrEvent) => {
    if (stopped || !info || taken.has(event.id)) return
    taken.add(event.id)
    const mine = info
    queue = queue.then(() => take(event, mine)).catch(() => {})
  }

  const unsubscribe = () => {
    for (const subscription of subscriptions) subscription.close()
    subscriptions = []
  }

  /**
   * The relays of the user's 10019 as the relays have it that the pool lacks: senders publish
   * there (NIP-61). Nothing when there is none, or it names only pool relays.
   */
  async function listedElsewhere(): Promise<string[]> {
    const published = await fetchNutzapInfo(network.hub, pubkey).catch(() => null)
    if (!published) return []
    const pool = network.pool()
    const held = pool.map((entry) => entry.url)
    return nutzapTargets(pubkey, published.relays, held, pool).map((target) => target.url)
  }

  /** Reads the redeemed marks, then subscribes to nutzaps on the wallet's current mints. */
  async function watch(): Promise<void> {
    unsubscribe()
    const record = await store.read(pubkey)
    set({ waiting: record.nutzapsWaiting?.length ?? 0 })
    if (record.mints.length === 0) return
    info = await ownNutzapInfo(deps, record.mints)
    const [history, elsewhere] = await Promise.all([
      network.hub.query([{ kinds: [NIP60_KINDS.history], authors: [pubkey], limit: 200 }]),
      listedElsewhere(),
    ])
    for (const event of history) {
      if (event.pubkey !== pubkey) continue
      for (const tag of event.tags) {
        if (tag[0] === 'e' && tag[3] === 'redeemed' && tag[1]) marked.add(tag[1])
      }
    }
    if (stopped) return
    const newest = newestEvent(history.filter((e) => e.pubkey === pubkey))
    set({ error: null }) // watching now: nutzaps still failing say so again when tried
    for (const event of record.nutzapsWaiting ?? []) enqueue(event)
    unsubscribe() // a start that overlapped this one
    const filters = [
      {
        kinds: [NIP61_KINDS.nutzap],
        '#p': [pubkey],
        '#u': info.mints.map((m) => m.url),
        ...(newest ? { since: newest.created_at - SINCE_MARGIN_S } : {}),
      },
    ]
    subscriptions = [network.hub.subscribe(filters, { onEvent: enqueue })]
    if (elsewhere.length > 0) {
      subscriptions.push(
        network.hub.subscribe(
          filters,
          { onEvent: enqueue },
          { relays: elsewhere, reason: { kind: 'nutzap', pubkey } },
        ),
      )
    }
  }

  return {
    view: () => view,
    async start() {
      try {
        await watch()
      } catch (error) {
        // The wallet key locked, say: the next open (or change of mints) tries again.
        set({ error: `${NUTZAP_ERRORS.redeemFailed}: ${messageOf(error)}` })
      }
    },
    async retry() {
      const record = await store.read(pubkey)
      for (const event of record.nutzapsWaiting ?? []) enqueue(event)
      await queue
    },
    stop() {
      stopped = true
      unsubscribe()
    },
  }
}
