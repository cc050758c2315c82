import { useQuery } from '@tanstack/react-query'
import { use } from 'react'
import { groupDigits } from '../../../core/platform/group-digits.ts'
import { useSystem } from '../../system-context.tsx'

/**
 * The note's zap total in sats (valid receipts only, NIP-57 appendix F); nothing while none, or
 * while the zaps' code loads (it suspends, like this lazy component's own code).
 */
export default function ZapTotal({ note }: { note: { id: string; pubkey: string } }) {
  const zaps = use(useSystem().zaps())
  const { data } = useQuery(zaps.totalsQuery(note))
  if (!data?.count) return null
  const text = `${groupDigits(data.sats)} sats`
  return (
    <span
      className="zap-total"
      data-zap-total={data.sats}
      title={`${data.count} ${data.count === 1 ? 'zap' : 'zaps'}`}
    >
      {text}
    </span>
  )
}
