import { createFileRoute } from '@tanstack/react-router'
import { FollowingList } from '../components/profile/FollowingList.tsx'

export const Route = createFileRoute('/npub/$npub/following')({ component: FollowingList })
