/**
 * A relay's information document (NIP-11) through TanStack Query, so Relay Management reads it
 * like any other relay data: key ['relay-info', url], fetched by the shared relay-info client.
 */
import { queryOptions } from '@tanstack/react-query'
import type { RelayInfo } from '../../core/relays/nip11.ts'

export type RelayInfoLoader = (url: string) => Promise<RelayInfo>

export const relayInfoKey = (url: string) => ['relay-info', url] as const

export const relayInfoQueryOptions = (load: RelayInfoLoader, url: string) =>
  queryOptions({
    queryKey: relayInfoKey(url),
    queryFn: () => load(url),
    // The fetch already waits its 3 s; after a failure the user has a Retry button.
    retry: false,
  })
