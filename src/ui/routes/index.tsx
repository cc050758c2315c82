import { createFileRoute } from '@tanstack/react-router'
import { Feed } from '../components/Feed.tsx'

export const Route = createFileRoute('/')({ component: Feed })
