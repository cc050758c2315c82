// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// index.html holds the app's tags in a template until the start-up script adds them
// (scripts/vite-head-start.ts writes it, ui/app-scripts.ts reads it).
import { describe, expect, it } from 'vitest'
import { APP_SCRIPTS_ID, loadAppScripts } from '../../../src/ui/app-scripts.ts'

const HELD =
  '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>' +
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-b.js">'

/** A page as index.html is built: the template in its head (a document that loads nothing). */
function page(held = HELD): Document {
  const doc = document.implementation.createHTMLDocument('')
  doc.head.innerHTML = `<meta charset="utf-8"><template id="${APP_SCRIPTS_ID}">${held}</template>`
  return doc
}

const live = (doc: Document) =>
  [...doc.head.querySelectorAll('script, link')].map((tag) => [
    tag.localName,
    Object.fromEntries([...tag.attributes].map(({ name, value }) => [name, value])),
  ])

describe("the app's scripts held by index.html", () => {
  it('become live tags in the head, in their order and with their attributes', () => {
    const doc = page()
    expect(live(doc)).toEqual([])
    loadAppScripts(doc)
    expect(live(doc)).toEqual([
      [
        'script',
        { type: 'module', fetchpriority: 'low', crossorigin: '', src: '/assets/index-a.js' },
      ],
      [
        'link',
        { rel: 'modulepreload', fetchpriority: 'low', crossorigin: '', href: '/assets/home-b.js' },
      ],
    ])
    expect(doc.getElementById(APP_SCRIPTS_ID)).toBe(null)
  })

  it('are added once, however often asked', () => {
    const doc = page()
    loadAppScripts(doc)
    loadAppScripts(doc)
    expect(live(doc)).toHaveLength(2)
  })

  it('are nothing to add on a page that holds none (the dev server: the app starts itself)', () => {
    const doc = document.implementation.createHTMLDocument('')
    loadAppScripts(doc)
    expect(live(doc)).toEqual([])
  })
})
