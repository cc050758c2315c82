/** Open and close an overlay whose state lives in the URL query. */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { ModalFlag } from '../../core/app/modal-search.ts'

export function useModal(flag: ModalFlag) {
  const navigate = useNavigate()
  const open = useSearch({ strict: false, select: (search) => search[flag] === true })
  const show = useCallback(
    (others: Partial<Record<ModalFlag, true | undefined>> = {}) =>
      navigate({ to: '.', search: (prev) => ({ ...prev, ...others, [flag]: true }) }),
    [navigate, flag],
  )
  const close = useCallback(
    () => navigate({ to: '.', search: (prev) => ({ ...prev, [flag]: undefined }) }),
    [navigate, flag],
  )
  return { open, show, close }
}

/** The remove-relay confirm modal: its relay lives in the URL (removeRelay={relay url}). */
export function useRemoveRelayModal() {
  const navigate = useNavigate()
  const url = useSearch({ strict: false, select: (search) => search.removeRelay ?? null })
  const ask = useCallback(
    (relay: string) => navigate({ to: '.', search: (prev) => ({ ...prev, removeRelay: relay }) }),
    [navigate],
  )
  const close = useCallback(
    () => navigate({ to: '.', search: (prev) => ({ ...prev, removeRelay: undefined }) }),
    [navigate],
  )
  return { url, ask, close }
}
