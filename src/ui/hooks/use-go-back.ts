/**
 * Back, as the spec has it (§2): to the previous entry of this app's history, or to the feed when
 * the page was opened directly (a shared link, a new tab) and there is nothing of ours to go to.
 */
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

export function useGoBack(): () => void {
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  return useCallback(() => {
    if (canGoBack) router.history.back()
    else void navigate({ to: '/' })
  }, [canGoBack, router, navigate])
}
