import { createFileRoute } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/modal-search.ts'
import { WalletLayout } from '../components/cashu/WalletLayout.tsx'

/** /wallet: the ecash (Cashu) wallet and its screens. */
export const Route = createFileRoute('/wallet')({
  validateSearch: parseModalSearch,
  component: WalletLayout,
})
