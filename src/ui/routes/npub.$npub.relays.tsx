import { createFileRoute } from '@tanstack/react-router'
import { ProfileRelays } from '../components/profile/ProfileRelays.tsx'

export const Route = createFileRoute('/npub/$npub/relays')({ component: ProfileRelays })
