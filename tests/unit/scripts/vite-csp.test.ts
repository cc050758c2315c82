import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { securityHeaders, withCspMeta } from '../../../scripts/vite-csp.ts'

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const page = (head: string, body = '<div id="root"></div>') =>
  `<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n${head}\n  </head>\n  <body>${body}</body>\n</html>`

const policyOf = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/.exec(html)?.[1] ?? ''

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1)

describe('the CSP meta of the built index.html', () => {
  it('comes right after <meta charset>, before anything it governs', () => {
    const html = withCspMeta(page('    <script type="module" src="/assets/index.js"></script>'))
    expect(html).toMatch(
      /<meta charset="UTF-8" \/>\n {4}<meta http-equiv="Content-Security-Policy" content="[^"]+" \/>\n/,
    )
  })

  it('allows the inlined stylesheets and inline scripts by hash, never unsafe-inline', () => {
    const css = '.a{color:red}'
    const other = '.b{color:blue}'
    const script = 'console.log(1)'
    const policy = policyOf(
      withCspMeta(
        page(
          `<style>${css}</style><style>${other}</style><style>${css}</style><script>${script}</script>`,
        ),
      ),
    )
    expect(directive(policy, 'style-src')).toEqual(["'self'", ...[hash(css), hash(other)].sort()])
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash(script)])
    expect(policy).not.toContain('unsafe-inline')
  })

  it('is strict: self scripts and wasm only, no plugins, no base, forms to self', () => {
    const policy = policyOf(withCspMeta(page('')))
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(directive(policy, 'style-src')).toEqual(["'self'"])
    expect(directive(policy, 'object-src')).toEqual(["'none'"])
    expect(directive(policy, 'base-uri')).toEqual(["'none'"])
    expect(directive(policy, 'form-action')).toEqual(["'self'"])
    expect(directive(policy, 'worker-src')).toEqual(["'self'"])
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'ws:',
      'wss:',
      'https:',
      'http://127.0.0.1:*',
      'http://localhost:*',
    ])
    // A meta element cannot carry it (CSP3 §6.1.2): the server adds it.
    expect(policy).not.toContain('frame-ancestors')
  })

  it('fails the build on markup the policy would refuse', () => {
    expect(() => withCspMeta(page('', '<svg style="position: absolute"></svg>'))).toThrow(
      /refuses this inline attribute: <svg style/,
    )
    expect(() => withCspMeta(page('', '<img src="/a.png" onerror="go()">'))).toThrow(/onerror/)
    // Words in comments and styles are not markup.
    expect(() =>
      withCspMeta(page('<style>a[style="x"]{}</style>', '<!-- <b style="x"> -->')),
    ).not.toThrow()
  })
})

describe('the security headers', () => {
  it("send the meta's policy with frame-ancestors 'none', and refuse framing and referrers", () => {
    const html = withCspMeta(page(''))
    expect(securityHeaders(html)).toEqual({
      'Content-Security-Policy': `${policyOf(html)}; frame-ancestors 'none'`,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  it('still refuse framing when index.html has no policy', () => {
    expect(securityHeaders('<!doctype html>')['Content-Security-Policy']).toBe(
      "frame-ancestors 'none'",
    )
  })
})
