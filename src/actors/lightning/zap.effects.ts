/**
 * The zap side of the system, created on first use per system (never on the first-note path: the
 * zap modal and the totals load lazily): the receipts loader, the totals query, and one zap actor
 * per modal with its effects (LNURL fetches, the signer, the wallet) and a watch for its receipt.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { createActor, fromPromise } from 'xstate'
import type { LnurlPayParams } from '../../core/lightning/lnurl-pay.ts'
import { ZAP_RECEIPT_KIND, zapRequestOf } from '../../core/lightning/zap-receipt.ts'
import { ZAP_ERRORS, type ZapRequestTemplate } from '../../core/lightning/zap-request.ts'
import { canRead } from '../../core/relays/relay-permission.ts'
import { SIGNING_UNAVAILABLE } from '../../machines/login.machine.ts'
import {
  type FetchInput,
  type SignedZapRequest,
  type ZapActorRef,
  type ZapInput,
  zapMachine,
} from '../../machines/zap.machine.ts'
import { createDisplayNames, type DisplayNames } from '../people/display-names.ts'
import type { PlumeSystem } from '../system.ts'
import { readCorsProxy } from './cors-proxy-setting.ts'
import { fetchPayParams, fetchZapInvoice } from './lnurl-http.ts'
import {
  createReceiptLoader,
  type ReceiptLoader,
  zapTotalsKey,
  zapTotalsQueryOptions,
} from './zap-totals.ts'

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

const services = new WeakMap<PlumeSystem, Zaps>()

/** The relays the app reads: the recipient's service publishes the receipt there. */
function readRelays(system: PlumeSystem): string[] {
  const entries = system.app.getSnapshot().children.relays?.getSnapshot().context.entries ?? []
  return [...new Set(entries.filter((entry) => canRead(entry.permission)).map((e) => e.url))]
}

/**
 * Watches the note's new receipts until this zap's arrives (or the watch times out): each one
 * refreshes the note's total; this zap's tells the machine the invoice was paid.
 */
function watchReceipt(system: PlumeSystem, actor: ZapActorRef, noteId: string): void {
  let requestId: string | null = null
  let watch: { close(): void } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    watch?.close()
    clearTimeout(timer)
  }
  const onReceipt = (receipt: NostrEvent) => {
    void system.queryClient.invalidateQueries({ queryKey: zapTotalsKey(noteId) })
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
    watch = system.hub.subscribe([{ kinds: [ZAP_RECEIPT_KIND], '#e': [noteId], since }], {
      onEvent: onReceipt,
    })
    timer = setTimeout(stop, RECEIPT_WATCH_MS)
    subscription.unsubscribe()
  })
}

function createZaps(system: PlumeSystem): Zaps {
  const loadReceipts: ReceiptLoader = createReceiptLoader(system.hub)
  const deps = {
    hub: system.hub,
    queryClient: system.queryClient,
    // Totals take the profile the card already has, however old.
    metadata: (pubkey: string) => system.queryClient.ensureQueryData(system.metadataQuery(pubkey)),
    proxy: readCorsProxy,
  }
  return {
    displayNames: createDisplayNames({ hub: system.hub }),
    totalsQuery: (note) => zapTotalsQueryOptions(deps, loadReceipts, note),
    startZap: async (note, wallet) => {
      // A zap reads the newest profile (spec §9: metadata stale time 0): the lightning address
      // may have just changed, and the card's copy can be minutes old.
      const profile = await system.queryClient.fetchQuery({
        ...system.metadataQuery(note.pubkey),
        staleTime: 0,
      })
      const proxy = readCorsProxy()
      const input: ZapInput = {
        recipientPubkey: note.pubkey,
        eventId: note.id,
        lightning: { lud16: profile?.lud16 ?? '', lud06: profile?.lud06 ?? '' },
        relays: readRelays(system),
        proxy: proxy !== null,
        walletConnected: wallet.connected,
      }
      const machine = zapMachine.provide({
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
              const event = await system.signer().signEvent({
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
      })
      const actor = createActor(machine, { input })
      watchReceipt(system, actor, note.id)
      actor.start()
      return actor
    },
  }
}

/** The zap services of this system, made on first use. */
export function zapsOf(system: PlumeSystem): Zaps {
  let zaps = services.get(system)
  if (!zaps) {
    zaps = createZaps(system)
    services.set(system, zaps)
  }
  return zaps
}
