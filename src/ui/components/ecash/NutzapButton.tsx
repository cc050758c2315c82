/**
 * A profile's "Send ecash" (a nutzap to the person, NIP-61): shown when they publish nutzap info;
 * the form (and the wallet) load when it is pressed. A locked key is unlocked first, a
 * public-key-only login is told it cannot send.
 */
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { displayName } from '../../../core/people/profile.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { useSystem } from '../../system-context.tsx'
import { Modal } from '../kit/Modal.tsx'
import { ActionError } from '../people/ActionError.tsx'
import { useNutzapInfo } from './use-nutzap-info.ts'

const NutzapForm = lazy(() => import('./NutzapForm.tsx'))

export function NutzapButton({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const info = useNutzapInfo(pubkey)
  const gate = useGated('send ecash')
  const [open, setOpen] = useState(false)
  const [tried, setTried] = useState(false)
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  if (!info) return null
  const click = () => {
    setTried(true)
    gate.run(() => setOpen(true))
  }
  return (
    <>
      <button type="button" className="button" onClick={click}>
        Send ecash
      </button>
      {tried && gate.problem && (
        <ActionError message={gate.problem} detail={null} onDismiss={() => setTried(false)} />
      )}
      {open && (
        <Modal
          title={`Send ecash to ${displayName(metadata, pubkey)}`}
          onClose={() => setOpen(false)}
        >
          <Suspense fallback={<p className="form-hint">Loading…</p>}>
            <NutzapForm recipient={pubkey} onDone={() => setOpen(false)} />
          </Suspense>
        </Modal>
      )}
    </>
  )
}
