/**
 * Zaps (NIP-57), made on first use (the totals and the zap modal load lazily): the receipts loader
 * and the totals query, the display names of whom a zap goes to, and one zap actor per modal with
 * its effects and a watch for its receipt.
 */
import type { QueryClient } from '@tanstack/react-query'
import { createActor } from 'xstate'
import { zapMachine } from '../../machines/zap.machine.ts'
import { capQueries } from '../app/query-cap.ts'
import { readCorsProxy } from '../lightning/cors-proxy-setting.ts'
import { watchReceipt, type Zaps, zapEffects, zapInput } from '../lightning/zap.effects.ts'
import {
  createReceiptLoader,
  UNUSED_ZAP_TOTALS,
  zapTotalsQueryOptions,
} from '../lightning/zap-totals.ts'
import { createDisplayNames } from '../people/display-names.ts'
import type { metadataQueryOptions } from '../people/metadata-queries.ts'
import type { Signer } from '../platform/signer.ts'
import { createInboxRelays, type PeopleLists } from '../relays/inbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface ZapsDeps {
  hub: RelayHub
  queryClient: QueryClient
  /** The signer of whoever is logged in now. */
  signer(): Signer
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
  /** The relays the app reads: the recipient's service publishes the receipt there too. */
  readRelays(): string[]
  /** Relay lists: the receipt also goes where the recipient reads (NIP-65). */
  lists: PeopleLists
}

export function startZaps(deps: ZapsDeps): Zaps {
  const { hub, queryClient } = deps
  const loadReceipts = createReceiptLoader(hub)
  capQueries(queryClient.getQueryCache(), 'zap-totals', UNUSED_ZAP_TOTALS)
  const inbox = createInboxRelays(deps.lists)
  const totals = {
    hub,
    queryClient,
    // Totals take the profile the card already has, however old.
    metadata: (pubkey: string) => queryClient.ensureQueryData(deps.metadataQuery(pubkey)),
  }
  return {
    displayNames: createDisplayNames({ hub }),
    totalsQuery: (note) => zapTotalsQueryOptions(totals, loadReceipts, note),
    startZap: async (note, wallet) => {
      const { input, proxy } = await zapInput(
        { ...deps, inbox, proxy: readCorsProxy },
        note,
        wallet,
      )
      const effects = zapEffects({ signer: deps.signer, proxy, wallet })
      const actor = createActor(zapMachine.provide(effects), { input })
      watchReceipt(deps, actor, note.id)
      actor.start()
      return actor
    },
  }
}
