import { useQuery, useQueryClient } from '@tanstack/react-query'
import { engagementKey } from '../../../actors/feed/engagement-queries.ts'
import type { Engagement } from '../../../core/feed/engagement.ts'
import { type ReportBy, reportWarning } from '../../../core/feed/report-warning.ts'
import { displayName } from '../../../core/people/profile.ts'
import { useCachedData } from '../../hooks/use-cached-flag.ts'
import { useSystem } from '../../system-context.tsx'

/**
 * The line over a note that people the user follows reported (NIP-56), read from the note's
 * engagement (asked with its likes): the note stays as readable as before.
 */
export function ReportWarning({ noteId }: { noteId: string }) {
  const engagement = useCachedData<Engagement>(useQueryClient(), engagementKey(noteId))
  const reports = engagement?.reports ?? []
  return reports.length > 0 ? <Warning reports={reports} /> : null
}

function Warning({ reports }: { reports: readonly ReportBy[] }) {
  const system = useSystem()
  const first = reports[0]?.reporter ?? ''
  const { data: metadata } = useQuery(system.metadataQuery(first))
  const text = reportWarning(reports, (pubkey) => displayName(metadata, pubkey))
  return (
    <p className="note-report-warning" role="note">
      {text}
    </p>
  )
}
