import { createFileRoute } from '@tanstack/react-router'
import { parseFeedSearch } from '../../core/feed/hashtags.ts'
import { Feed } from '../components/feed/Feed.tsx'

/** The feed; `?tag=bitcoin` narrows it to one of the custom hashtags. */
export const Route = createFileRoute('/')({ validateSearch: parseFeedSearch, component: Feed })
