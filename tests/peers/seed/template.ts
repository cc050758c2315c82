// Tiny template expander so a few hundred hand-written lines yield thousands of distinct posts.
// Syntax: {a|b|c} picks one alternative, {@slot} picks from a slot list, {#:3-40} a number.
// Innermost braces expand first, so alternatives can nest and slots can contain templates.
import type { Rng } from './prng.ts'

const INNERMOST = /\{([^{}]*)\}/

export function expand(
  template: string,
  rng: Rng,
  slots: Readonly<Record<string, readonly string[]>> = {},
): string {
  let text = template
  for (let guard = 0; guard < 200; guard++) {
    const match = INNERMOST.exec(text)
    if (!match) break
    const body = match[1] ?? ''
    text =
      text.slice(0, match.index) +
      resolve(body, rng, slots) +
      text.slice(match.index + match[0].length)
  }
  return text
}

function resolve(
  body: string,
  rng: Rng,
  slots: Readonly<Record<string, readonly string[]>>,
): string {
  if (body.startsWith('@')) {
    const list = slots[body.slice(1)]
    if (!list) throw new Error(`unknown template slot ${body}`)
    return rng.pick(list)
  }
  if (body.startsWith('#:')) {
    const [min, max] = body.slice(2).split('-').map(Number)
    return String(rng.int(min ?? 0, max ?? 0))
  }
  return rng.pick(body.split('|'))
}

/** Hashtags written inline in a text, lower-cased and de-duplicated, in order of appearance. */
export function hashtagsIn(text: string): string[] {
  const tags: string[] = []
  for (const m of text.matchAll(/(?:^|[\s(])#([\p{L}\p{N}_]+)/gu)) {
    const tag = (m[1] ?? '').toLowerCase()
    if (tag && !/^\d+$/.test(tag) && !tags.includes(tag)) tags.push(tag)
  }
  return tags
}
