/** The profile page's hooks: who it shows, its queries, and its URL-held overlays. */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { ProfileQueries } from '../../../actors/people/profile-queries.ts'
import { type ProfileTarget, parseProfileParam } from '../../../core/app/route-ids.ts'
import type { ContactsView } from '../../../core/people/profile-search.ts'
import { useSystem } from '../../system-context.tsx'

/** The route parameter as typed (npub, nprofile or hex) and what it names; null when invalid. */
export function useProfileParam(): { param: string; target: ProfileTarget | null } {
  const { npub } = useParams({ from: '/npub/$npub' })
  const target = useMemo(() => parseProfileParam(npub), [npub])
  return { param: npub, target }
}

/** The shown person; only used below the page, which renders nothing for an invalid parameter. */
export function useProfilePubkey(): string {
  const { target } = useProfileParam()
  if (!target) throw new Error('useProfilePubkey needs a valid profile parameter')
  return target.pubkey
}

export const useProfileQueries = (): ProfileQueries => useSystem().profiles

/** contacts=followers|following (spec §2): the people lists as a modal. */
export function useContactsModal() {
  const navigate = useNavigate()
  const view = useSearch({ from: '/npub/$npub', select: (search) => search.contacts ?? null })
  const show = useCallback(
    (contacts: ContactsView) => navigate({ to: '.', search: (prev) => ({ ...prev, contacts }) }),
    [navigate],
  )
  const close = useCallback(
    () => navigate({ to: '.', search: (prev) => ({ ...prev, contacts: undefined }) }),
    [navigate],
  )
  return { view, show, close }
}

/** relayDiscovery=true: where the person can be found. */
export function useRelayDiscoveryModal() {
  const navigate = useNavigate()
  const open = useSearch({
    from: '/npub/$npub',
    select: (search) => search.relayDiscovery === true,
  })
  const show = useCallback(
    () => navigate({ to: '.', search: (prev) => ({ ...prev, relayDiscovery: true as const }) }),
    [navigate],
  )
  const close = useCallback(
    () => navigate({ to: '.', search: (prev) => ({ ...prev, relayDiscovery: undefined }) }),
    [navigate],
  )
  return { open, show, close }
}
