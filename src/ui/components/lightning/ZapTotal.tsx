import { useQuery } from '@tanstack/react-query'
import { zapsOf } from '../../../actors/lightning/zap.effects.ts'
import { groupDigits } from '../../../core/platform/group-digits.ts'
import { useSystem } from '../../system-context.tsx'

/** The note's zap total in sats (valid receipts only, NIP-57 appendix F); nothing while none. */
export default function ZapTotal({ note }: { note: { id: string; pubkey: string } }) {
  const system = useSystem()
  const { data } = useQuery(zapsOf(system).totalsQuery(note))
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
