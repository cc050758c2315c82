import { useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { anyOverlayOpen } from '../../core/app/modal-search.ts'
import { OptionalLayer } from '../components/kit/OptionalLayer.tsx'
import { useLogin } from '../hooks/use-login.ts'

// The overlay layer (every modal's lazy entry and the hooks behind them) loads with the first
// overlay opened, not before the first note.
const Overlays = lazy(() => import('./Overlays.tsx'))

export function OverlayGate() {
  const { choosing } = useLogin()
  const open = useSearch({ strict: false, select: anyOverlayOpen })
  if (!open && !choosing) return null
  return (
    <OptionalLayer name="overlays">
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </OptionalLayer>
  )
}
