import type { Plugin, Rolldown } from 'vite'
import { staticallyImported } from './bundle-imports.ts'

/**
 * V8's explicit compile hint, which must open the script: every function in it is compiled with
 * the script, on a background thread while it streams in, instead of on the main thread when it
 * is first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** The entries and what they import: the chunks every start runs. */
const startupChunks = (bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] =>
  staticallyImported(
    bundle,
    Object.values(bundle).flatMap((file) =>
      file.type === 'chunk' && file.isEntry ? [file.fileName] : [],
    ),
  )

/**
 * The compile hint on the scripts every start runs: the entry, the home feed's chunk
 * and the bundler's runtime, where nearly every function is called during the one start-up task
 * and V8 would otherwise compile each on the main thread. In Lighthouse traces on this machine,
 * interleaved, that task went from 53 to 40 ms (medians of 4); with the hint on the second line,
 * after the preload map Vite puts first, 48 ms: hence the hint is added last, here, rather than
 * by `output.postBanner`. Screens' chunks load when needed and call a few of their functions.
 * Other engines read a comment.
 */
export function compileHints(): Plugin {
  return {
    name: 'plume-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startupChunks(bundle)) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          // One more line on top: in a source map's mappings, a leading `;`.
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type !== 'asset') continue
          const parsed = JSON.parse(String(map.source)) as { mappings: string }
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` })
        }
      },
    },
  }
}
