import { sats, useOpenCashu } from './cashu-context.ts'

/** Which mint an operation uses (the first by default). */
export function MintPicker({ value, onChange }: { value: string; onChange(url: string): void }) {
  const { view } = useOpenCashu()
  return (
    <div className="field">
      <label htmlFor="cashu-mint">Mint</label>
      <select id="cashu-mint" value={value} onChange={(event) => onChange(event.target.value)}>
        {view.mints.map((mint) => (
          <option key={mint.url} value={mint.url}>
            {mint.name} ({sats(view.balances[mint.url] ?? 0)})
          </option>
        ))}
      </select>
    </div>
  )
}

/** The chosen mint, or the first one while none is chosen (or the chosen one left). */
export function useMintChoice(chosen: string): string {
  const { view } = useOpenCashu()
  return view.mints.some((m) => m.url === chosen) ? chosen : (view.mints[0]?.url ?? '')
}
