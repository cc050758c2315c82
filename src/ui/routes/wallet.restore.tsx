import { createFileRoute } from '@tanstack/react-router'
import { RestoreScreen } from '../components/ecash/RestoreScreen.tsx'

/** /wallet/restore: the wallet restored from its recovery phrase (NUT-13). */
export const Route = createFileRoute('/wallet/restore')({ component: RestoreScreen })
