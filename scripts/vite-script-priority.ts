import type { Plugin } from 'vite'

/**
 * The start-up scripts in index.html (the entry and its module preloads) asked for at low fetch
 * priority (Lighthouse). They are modules, so they never held up the static shell's
 * first paint; but Lighthouse's simulation counts a High-priority script that finished loading
 * before the first paint as render-blocking unless it finds the script's evaluation by URL, which
 * a module's trace events do not carry. On a fast line the scripts arrive before the shell has
 * painted, and its first contentful paint was then simulated as the scripts' download over slow
 * 4G: 1.9 s instead of 0.7 s, in about half the runs. Nothing else loads at that point, so a phone
 * still fetches them at once.
 */
export function lowPriorityStartScripts(): Plugin {
  return {
    name: 'plume-low-priority-start-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module"(?![^>]*fetchpriority)/g, '$& fetchpriority="low"')
          .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '$& fetchpriority="low"'),
    },
  }
}
