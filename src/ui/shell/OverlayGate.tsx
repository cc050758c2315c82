import { useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { anyOverlayOpen } from '../../core/app/modal-search.ts'
import { useLogin } from '../hooks/use-login.ts'

// The overlay layer (every modal's lazy entry and the hooks behind them) loads with the first
// overlay opened, not before the first note.
const Overlays = lazy(() => import('./Overlays.tsx'))

export function OverlayGate() {
  const { choosing } = useLogin()
  const open = useSearch({ strict: false, select: anyOverlayOpen })
  if (!open && !choosing) return null
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  )
}
