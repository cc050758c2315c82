import { createContext, useContext } from 'react'
import type { CashuView, CashuWallet } from '../../../actors/ecash/cashu-wallet-api.ts'

/** The open ecash wallet, given to /wallet's child screens by the wallet layout. */
export const CashuContext = createContext<{ wallet: CashuWallet; view: CashuView } | null>(null)

export function useOpenCashu(): { wallet: CashuWallet; view: CashuView } {
  const cashu = useContext(CashuContext)
  if (!cashu) throw new Error('useOpenCashu needs the wallet layout')
  return cashu
}

export const sats = (amount: number) => `${amount.toLocaleString('en-US')} sats`
