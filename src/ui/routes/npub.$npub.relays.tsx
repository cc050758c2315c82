import { createFileRoute } from '@tanstack/react-router'
import { ProfileRelays } from '../components/people/ProfileRelays.tsx'

export const Route = createFileRoute('/npub/$npub/relays')({ component: ProfileRelays })
