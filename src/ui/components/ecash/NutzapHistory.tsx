/**
 * Nutzaps in the ecash wallet: a history row's label naming the other side (the sender of one
 * redeemed, the recipient of one sent) with the comment, and the redeeming status on the
 * wallet's home (a failure says why and offers to try again).
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { NutzapNote } from '../../../actors/ecash/cashu-store.ts'
import type { CashuView, CashuWallet } from '../../../actors/ecash/cashu-wallet-api.ts'
import { profileParam } from '../../../core/app/route-ids.ts'
import { displayName } from '../../../core/people/profile.ts'
import { useSystem } from '../../system-context.tsx'
import { sats } from './cashu-context.ts'
import './nutzap.css'

export function NutzapLabel({
  nutzap,
  received,
  amount,
}: {
  nutzap: NutzapNote
  received: boolean
  amount: number
}) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(nutzap.peer))
  return (
    <span>
      {received ? 'Nutzap from' : 'Nutzap to'}{' '}
      <Link to="/npub/$npub" params={{ npub: profileParam(nutzap.peer) }}>
        {displayName(metadata, nutzap.peer)}
      </Link>{' '}
      {sats(amount)}
      {nutzap.comment && <span className="nutzap-comment">“{nutzap.comment}”</span>}
    </span>
  )
}

export function NutzapStatus({ wallet, view }: { wallet: CashuWallet; view: CashuView }) {
  const [busy, setBusy] = useState(false)
  const { redeeming, error, waiting } = view.nutzaps
  if (redeeming === 0 && !error) return null
  const retry = () => {
    setBusy(true)
    wallet
      .retryNutzaps()
      .catch(() => {}) // the view's error says why
      .finally(() => setBusy(false))
  }
  return (
    <div className="nutzap-status">
      {redeeming > 0 && (
        <p className="cashu-note" role="status">
          Redeeming nutzaps…
        </p>
      )}
      {error && (
        <>
          <p className="form-error" role="alert">
            {error}
          </p>
          {waiting > 0 && (
            <button type="button" className="button" onClick={retry} disabled={busy}>
              {busy ? 'Trying…' : 'Try again'}
            </button>
          )}
        </>
      )}
    </div>
  )
}
