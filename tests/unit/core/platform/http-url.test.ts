import { describe, expect, it } from 'vitest'
import { httpUrl } from '../../../../src/core/platform/http-url.ts'

describe('httpUrl (pictures and banners)', () => {
  it('keeps http and https URLs', () => {
    expect(httpUrl(' https://example.com/a.png ')).toBe('https://example.com/a.png')
    expect(httpUrl('http://127.0.0.1:8080/media/x.png')).toBe('http://127.0.0.1:8080/media/x.png')
  })

  it('drops anything else', () => {
    for (const bad of ['', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'a.png'])
      expect(httpUrl(bad)).toBeNull()
  })
})
