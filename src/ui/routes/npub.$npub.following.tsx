import { createFileRoute } from '@tanstack/react-router'
import { FollowingList } from '../components/people/FollowingList.tsx'

export const Route = createFileRoute('/npub/$npub/following')({ component: FollowingList })
