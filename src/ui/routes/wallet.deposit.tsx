import { createFileRoute } from '@tanstack/react-router'
import { DepositScreen } from '../components/ecash/DepositScreen.tsx'

/** /wallet/deposit: Lightning in, ecash out. */
export const Route = createFileRoute('/wallet/deposit')({ component: DepositScreen })
