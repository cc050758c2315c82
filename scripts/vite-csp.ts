/**
 * The Content Security Policy, defined once: a <meta http-equiv> written into the built
 * index.html, from which the app server (tests/peers/app-server.ts) reads it back to send as a
 * header, with what a meta element cannot carry (frame-ancestors, CSP3 §6.1.2; X-Frame-Options).
 * The README tells hosts to send the same.
 *
 * Not in the dev server: it runs an inline React Refresh preamble and injects styles as <style>
 * elements, which this policy refuses. `vite preview` sends the headers too.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/** Loopback http: the local demo's mint and LNURL servers, and its pictures (tests/peers). */
const LOOPBACK_HTTP = ['http://127.0.0.1:*', 'http://localhost:*']

/**
 * The policy for a page whose inline <style> and <script> elements have these hashes. No
 * 'unsafe-inline' and no 'unsafe-eval' anywhere: script-src has 'wasm-unsafe-eval' for the
 * secp256k1 wasm (nostr-wasm) that the verify worker compiles. React's `style` props are set
 * through the CSSOM, which style-src does not govern; style attributes in markup are refused.
 */
export function contentSecurityPolicy(hashes: { styles: string[]; scripts: string[] }): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...hashes.scripts],
    ['style-src', "'self'", ...hashes.styles],
    // Pictures and videos come from any https URL in notes and profiles (http ones are upgraded
    // on an https page); data: for Color Mode's ASCII art (a BMP) and the CSS icons' masks.
    ['img-src', "'self'", 'data:', 'https:', ...LOOPBACK_HTTP],
    ['media-src', "'self'", 'https:', ...LOOPBACK_HTTP],
    // Relays over ws/wss; mints, LNURL, NIP-05, NIP-11 and pictures fetched by the ASCII worker.
    ['connect-src', "'self'", 'ws:', 'wss:', 'https:', ...LOOPBACK_HTTP],
    // Module workers (verify, pow, nip49, dleq, ascii, relay sockets) and the service worker:
    // files in dist.
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/** What only a header can say: no page may frame the app (clickjacking). */
export const FRAME_ANCESTORS = "frame-ancestors 'none'"

const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/i

/** The headers a host sends with the app, from the policy in the built index.html. */
export function securityHeaders(indexHtml: string): Record<string, string> {
  const policy = META.exec(indexHtml)?.[1]
  return {
    'Content-Security-Policy': policy ? `${policy}; ${FRAME_ANCESTORS}` : FRAME_ANCESTORS,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  }
}

const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The hashes of the inline elements' contents (CSP3 §8.3: the element's text, as UTF-8). */
const inlineHashes = (html: string, element: RegExp): string[] =>
  [...new Set([...html.matchAll(element)].map((match) => sha256(match[1] ?? '')))].sort()

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** Markup the policy would refuse: a style attribute or an event handler attribute. */
function refusedAttribute(html: string): string | null {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(INLINE_STYLE, '')
    .replace(INLINE_SCRIPT, '')
  return /<[^>]*\s(style|on[a-z]+)\s*=[^>]*>/i.exec(markup)?.[0] ?? null
}

/**
 * index.html with the policy as its first element after <meta charset> (a meta policy governs
 * only what comes after it), with the hashes of its inline styles (inlineEntryCss in
 * vite.config.ts) and inline scripts, if any. Markup the policy would refuse fails the build.
 */
export function withCspMeta(html: string): string {
  const refused = refusedAttribute(html)
  if (refused) throw new Error(`index.html: the CSP refuses this inline attribute: ${refused}`)
  const policy = contentSecurityPolicy({
    styles: inlineHashes(html, INLINE_STYLE),
    scripts: inlineHashes(html, INLINE_SCRIPT),
  })
  const charset = /<meta charset="[^"]*"\s*\/?>/i
  if (!charset.test(html)) throw new Error('index.html: no <meta charset> to put the CSP after')
  return html.replace(
    charset,
    (tag) => `${tag}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
  )
}

/** The policy in the built index.html (listed after the plugins that change it); `vite preview` sends the headers. */
export function cspMeta(): Plugin {
  return {
    name: 'plume-csp-meta',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    transformIndexHtml: { order: 'post', handler: withCspMeta },
    configurePreviewServer(server) {
      const { root, build } = server.config
      const headers = securityHeaders(
        readFileSync(resolve(root, build.outDir, 'index.html'), 'utf8'),
      )
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        next()
      })
    },
  }
}
