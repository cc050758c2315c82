import { createFileRoute } from '@tanstack/react-router'
import { ProfileMuteList } from '../components/people/ProfileMuteList.tsx'

export const Route = createFileRoute('/npub/$npub/mute-list')({ component: ProfileMuteList })
