import { createFileRoute } from '@tanstack/react-router'
import { FollowersList } from '../components/people/FollowersList.tsx'

export const Route = createFileRoute('/npub/$npub/followers')({ component: FollowersList })
