/**
 * The zap machine's effects (LNURL fetches, the signer, the wallet), the input a zap starts with
 * (the recipient's newest profile, the relays the receipt goes to: where the recipient reads and
 * where the app reads) and the watch for its receipt on those relays. The
 * composition root makes the zap service of them on first use (never on the first-note path: the
 * zap modal and the totals load lazily), with one zap actor per modal.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { fromPromise } from 'xstate'
import type { LnurlPayParams } from '../../core/lightning/lnurl-pay.ts'
import { ZAP_RECEIPT_KIND, zapRequestOf } from '../../core/lightning/zap-receipt.ts'
import { ZAP_ERRORS, type ZapRequestTemplate } from '../../core/lightning/zap-request.ts'
import { selectInboxRelays } from '../../core/relays/inbox.ts'
import { SIGNING_UNAVAILABLE } from '../../machines/login.machine.ts'
import type {
  FetchInput,
  SignedZapRequest,
  ZapActorRef,
  ZapInput,
  zapMachine,
} from '../../machines/zap.machine.ts'
import type { DisplayNames } from '../people/display-names.ts'
import type { metadataQueryOptions } from '../people/metadata-queries.ts'
import type { Signer } from '../platform/signer.ts'
import type { InboxRelays } from '../relays/inbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { fetchPayParams, fetchZapInvoice } from './lnurl-http.ts'
import { zapTotalsKey, type zapTotalsQueryOptions } from './zap-totals.ts'

/** How long a shown or paid zap's receipt is waited for after the invoice exists. */
const RECEIPT_WATCH_MS = 10 * 60 * 1000

export interface ZapTarget {
  /** The note zapped. */
  id: string
  /** Its author, the recipient. */
  pubkey: string
}

export interface ZapWallet {
  connected: boolean
  payInvoice(invoice: string): Promise<{ preimage: string }>
}

export interface Zaps {
  /** The display-name cache: whom a zap goes to, named at once. */
  displayNames: DisplayNames
  totalsQuery(note: ZapTarget): ReturnType<typeof zapTotalsQueryOptions>
  /** A started zap actor for this note; stop it when the modal closes. */
  startZap(note: ZapTarget, wallet: ZapWallet): Promise<ZapActorRef>
}

type ZapImplementations = Parameters<(typeof zapMachine)['provide']>[0]

export interface ZapEffectsDeps {
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The user's CORS proxy as the zap started, or null. */
  proxy: string | null
  wallet: ZapWallet
}

export function zapEffects({ signer, proxy, wallet }: ZapEffectsDeps) {
  return {
    actors: {
      // The machine stops the fetch (its signal aborts) when the timeout passes.
      resolveParams: fromPromise<LnurlPayParams, FetchInput>(({ input, signal }) =>
        fetchPayParams({ url: input.url, proxy: input.viaProxy ? proxy : null, signal }),
      ),
      fetchInvoice: fromPromise<string, FetchInput>(({ input, signal }) =>
        fetchZapInvoice({ url: input.url, proxy: input.viaProxy ? proxy : null, signal }),
      ),
      signRequest: fromPromise<SignedZapRequest, ZapRequestTemplate>(async ({ input }) => {
        try {
          const event = await signer().signEvent({
            ...input,
            created_at: Math.floor(Date.now() / 1000),
          })
          return { id: event.id, json: JSON.stringify(event) }
        } catch (problem) {
          const locked = (problem as Error).message === SIGNING_UNAVAILABLE.locked
          throw new Error(locked ? ZAP_ERRORS.keyLocked : ZAP_ERRORS.sign)
        }
      }),
      payInvoice: fromPromise<{ preimage: string }, { invoice: string }>(({ input }) =>
        wallet.payInvoice(input.invoice),
      ),
    },
  } satisfies ZapImplementations
}

export interface ZapInputDeps {
  queryClient: QueryClient
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
  /** The relays the app reads: the recipient's service publishes the receipt there too. */
  readRelays(): string[]
  /** The recipient's read relays (NIP-65); absent: the receipt goes to the app's relays only. */
  inbox?: Pick<InboxRelays, 'readRelays'>
  /** The user's CORS proxy, or null. */
  proxy(): string | null
}

/**
 * The zap request's `relays` (NIP-57: where the recipient's service publishes the receipt): two
 * of the recipient's read relays, so their client sees the zap, chosen as any inbox routing
 * (core/relays/inbox.ts, one the app reads counting as one of them), then the relays the app
 * reads, where the app's zap totals look for receipts. A recipient with no relay list (or none in
 * time) gets the app's relays only.
 */
export async function zapRelays(
  deps: Pick<ZapInputDeps, 'readRelays' | 'inbox'>,
  recipient: string,
): Promise<string[]> {
  const ours = [...new Set(deps.readRelays())]
  if (!deps.inbox) return ours
  const known = await deps.inbox.readRelays([recipient]).catch(() => new Map())
  const theirs = selectInboxRelays([recipient], (pubkey) => known.get(pubkey), ours)
  return [...theirs.keys(), ...ours]
}

/** What a zap of this note starts with, and the CORS proxy it uses throughout. */
export async function zapInput(
  deps: ZapInputDeps,
  note: ZapTarget,
  wallet: ZapWallet,
): Promise<{ input: ZapInput; proxy: string | null }> {
  // A zap reads the newest profile (spec §9: metadata stale time 0): the lightning address
  // may have just changed, and the card's copy can be minutes old.
  const [profile, relays] = await Promise.all([
    deps.queryClient.fetchQuery({ ...deps.metadataQuery(note.pubkey), staleTime: 0 }),
    zapRelays(deps, note.pubkey),
  ])
  const proxy = deps.proxy()
  const input: ZapInput = {
    recipientPubkey: note.pubkey,
    eventId: note.id,
    lightning: { lud16: profile?.lud16 ?? '', lud06: profile?.lud06 ?? '' },
    relays,
    proxy: proxy !== null,
    walletConnected: wallet.connected,
  }
  return { input, proxy }
}

/**
 * Watches the note's new receipts until this zap's arrives (or the watch times out): each one
 * refreshes the note's total; this zap's tells the machine the invoice was paid. It listens on
 * the zap request's relays, where the receipt is published: the recipient's read relays among
 * them may lie outside the pool (`reason: inbox`).
 */
export function watchReceipt(
  deps: { hub: Pick<RelayHub, 'subscribe'>; queryClient: QueryClient },
  actor: ZapActorRef,
  noteId: string,
): void {
  let requestId: string | null = null
  let watch: { close(): void } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    watch?.close()
    clearTimeout(timer)
  }
  const onReceipt = (receipt: NostrEvent) => {
    void deps.queryClient.invalidateQueries({ queryKey: zapTotalsKey(noteId) })
    const id = zapRequestOf(receipt)?.id
    if (id !== requestId) return
    // The modal may have closed meanwhile: the total above still refreshed.
    if (actor.getSnapshot().status === 'active') actor.send({ type: 'zap.receipt', requestId: id })
    stop()
  }
  const subscription = actor.subscribe((snapshot) => {
    const request = snapshot.context.request
    if (watch || !request || !snapshot.context.invoice) return
    requestId = request.id
    const since = Math.floor(Date.now() / 1000) - 60
    const { relays, recipientPubkey } = snapshot.context
    watch = deps.hub.subscribe(
      [{ kinds: [ZAP_RECEIPT_KIND], '#e': [noteId], since }],
      { onEvent: onReceipt },
      { relays, reason: { kind: 'inbox', pubkeys: [recipientPubkey] } },
    )
    timer = setTimeout(stop, RECEIPT_WATCH_MS)
    subscription.unsubscribe()
  })
}
