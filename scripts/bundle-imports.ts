import type { Rolldown } from 'vite'

/** The chunks named in `from` and those they import statically: what loading them loads. */
export function staticallyImported(
  bundle: Rolldown.OutputBundle,
  from: readonly string[],
): Rolldown.OutputChunk[] {
  const chunks = new Map<string, Rolldown.OutputChunk>()
  const stack = [...from]
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    const chunk = bundle[name]
    if (chunks.has(name) || chunk?.type !== 'chunk') continue
    chunks.set(name, chunk)
    stack.push(...chunk.imports)
  }
  return [...chunks.values()]
}
