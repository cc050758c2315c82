import { createFileRoute } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { WalletLayout } from '../components/ecash/WalletLayout.tsx'

/** /wallet: the ecash (Cashu) wallet and its screens. */
export const Route = createFileRoute('/wallet')({
  validateSearch: parseModalSearch,
  component: WalletLayout,
})
