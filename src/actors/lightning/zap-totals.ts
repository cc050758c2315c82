/**
 * Zap totals per note through TanStack Query, query key group 'zap-totals' (['zap-totals', note
 * id]). A receipt counts only when it holds up under NIP-57 appendix F, which needs the recipient's
 * LNURL service key: the author's lightning address is resolved (['lnurl-pay', url], cached an
 * hour) and receipts signed by anyone else are ignored. Cards ask one note at a time; the asks of
 * one moment share one REQ. Loaded lazily, after the first note is on screen.
 *
 * Totals never go through the user's CORS proxy: it is trusted with payments the user starts
 * (spec decisions), and a card on screen is not one. An unreachable service gives no total.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { type LnurlPayParams, lnurlPayTarget } from '../../core/lightning/lnurl-pay.ts'
import { ZAP_RECEIPT_KIND } from '../../core/lightning/zap-receipt.ts'
import { type ZapTotal, zapTotal } from '../../core/lightning/zap-totals.ts'
import type { ProfileMetadata } from '../../core/people/profile.ts'
import { LNURL_PARAMS_TIMEOUT_MS } from '../../machines/zap.machine.ts'
import { createGatherer } from '../platform/gather.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { fetchPayParams } from './lnurl-http.ts'

/** A lightning service's key rarely changes: its parameters are asked for once an hour at most. */
const PARAMS_STALE_MS = 60 * 60 * 1000
const FAILED_PARAMS_STALE_MS = 5 * 60 * 1000
/** Totals refresh when a card shows again after a minute. */
const TOTALS_STALE_MS = 60 * 1000
/** Notes per REQ, and receipts asked for per note in it. */
const MAX_NOTES = 20
const RECEIPTS_PER_NOTE = 50
/**
 * Totals of notes no card shows that are kept (a card observes its own): a few screens to scroll
 * back through. Without a cap the feed kept one for every note scrolled past (bench "scroll heap").
 */
export const UNUSED_ZAP_TOTALS = 200

export const zapTotalsKey = (noteId: string) => ['zap-totals', noteId] as const
const lnurlPayKey = (url: string) => ['lnurl-pay', url] as const

export interface ZapTotalsDeps {
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  /** The author's profile (kind 0), through the app's metadata query. */
  metadata(pubkey: string): Promise<ProfileMetadata | null>
}

export type ReceiptLoader = (noteId: string) => Promise<NostrEvent[]>

/** Receipts per note; the asks of one moment go out as one REQ (gather.ts). */
export function createReceiptLoader(hub: Pick<RelayHub, 'query'>): ReceiptLoader {
  return createGatherer({
    maxBatch: MAX_NOTES,
    load: async (ids) => {
      const events = await hub
        .query([
          { kinds: [ZAP_RECEIPT_KIND], '#e': [...ids], limit: ids.length * RECEIPTS_PER_NOTE },
        ])
        .catch(() => [])
      return ids.map((id) =>
        events.filter((event) => event.tags.some((t) => t[0] === 'e' && t[1] === id)),
      )
    },
  })
}

/**
 * The LNURL pay parameters at this URL, fetched directly within the zap's own bound (§9: 8 s);
 * null when the service cannot be reached or read, remembered a few minutes so that a feed of one
 * author's notes does not ask again for each.
 */
export function lnurlPayQueryOptions(url: string) {
  return queryOptions({
    queryKey: lnurlPayKey(url),
    queryFn: (): Promise<LnurlPayParams | null> =>
      fetchPayParams({
        url,
        proxy: null,
        signal: AbortSignal.timeout(LNURL_PARAMS_TIMEOUT_MS),
      }).catch(() => null),
    staleTime: (query) => (query.state.data ? PARAMS_STALE_MS : FAILED_PARAMS_STALE_MS),
  })
}

/**
 * The note's total, or null when it cannot be known: the author has no usable lightning address,
 * or their service does not sign zap receipts.
 */
export function zapTotalsQueryOptions(
  deps: ZapTotalsDeps,
  loadReceipts: ReceiptLoader,
  { id, pubkey }: { id: string; pubkey: string },
) {
  // The id and author only: the query keeps its function, and a card passes its whole note.
  return queryOptions({
    queryKey: zapTotalsKey(id),
    queryFn: async (): Promise<ZapTotal | null> => {
      const profile = await deps.metadata(pubkey)
      let url: string
      try {
        url = lnurlPayTarget(profile ?? {}).url
      } catch {
        return null
      }
      const [params, receipts] = await Promise.all([
        deps.queryClient.fetchQuery(lnurlPayQueryOptions(url)),
        loadReceipts(id),
      ])
      if (!params?.allowsNostr || !params.nostrPubkey) return null
      return zapTotal(receipts, { eventId: id, nostrPubkey: params.nostrPubkey })
    },
    staleTime: TOTALS_STALE_MS,
  })
}
