// Receiving a token by its QR code: a real cashuB token sent by one account is drawn as a QR
// picture, uploaded on /wallet/receive in another profile, decoded into the token field and
// received on the user's confirmation. A picture without a code, and a camera the browser
// refuses, get clear messages and leave the paste field working. Then Chromium's fake camera
// plays the QR code of a text: it fills the field and the camera closes, nothing received yet.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import encodeQR from 'qr'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import {
  addMint,
  createWallet,
  deposit,
  expectAccessible,
  logIn,
  mintPerTest,
  openWallet,
  secondProfile,
  sendToken,
  shoot,
  total,
} from './cashu.ts'
import { expect, test } from './fixtures.ts'

const mint = mintPerTest()

test('a token uploaded as a QR picture fills the field; Receive takes it', async ({
  page,
  browser,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  const server = await openApp([relay])
  await logIn(page, world.demoAccount, true)
  await openWallet(page)
  await createWallet(page)
  await page.getByRole('link', { name: 'Balance' }).click()
  await addMint(page, mint)
  await deposit(page, mint, 1000)
  const token = await sendToken(page, 300, 700)

  const qrPicture = test.info().outputPath('token-qr.gif')
  writeFileSync(qrPicture, encodeQR(token, 'gif', { scale: 4 }))

  const other = await secondProfile(browser, server.url)
  try {
    const receiver = world.accounts.find((a) => a.pubkey !== world.demoAccount.pubkey)!
    await logIn(other.page, receiver, false)
    await openWallet(other.page)
    await createWallet(other.page)
    await other.page.getByRole('link', { name: 'Receive' }).click()
    await expect(other.page).toHaveURL(/\/wallet\/receive$/)
    const field = other.page.getByLabel('Token')
    const photo = other.page.getByLabel('Scan from a photo')

    // A camera this profile was not allowed to use: the message, and pasting still works.
    await other.page.getByRole('button', { name: 'Scan QR code' }).click()
    await expect(other.page.getByRole('alert')).toHaveText(
      'Camera not available: permission was refused',
    )
    await expect(other.page.getByRole('button', { name: 'Scan QR code' })).toBeVisible()
    await field.fill('cashuBpasted')
    await expect(field).toHaveValue('cashuBpasted')

    // A picture without a QR code (the app's own icon): the message, the field untouched.
    await photo.setInputFiles('public/icons/icon-192.png')
    await expect(other.page.getByRole('alert')).toHaveText('No QR code found in this picture')
    await expect(field).toHaveValue('cashuBpasted')

    // The token's QR picture: decoded into the field, not received until the user confirms.
    await photo.setInputFiles(qrPicture)
    await expect(field).toHaveValue(token)
    await expect(other.page.getByRole('alert')).toHaveCount(0)
    await expect(total(other.page)).toHaveText('0 sats')
    await shoot(other.page, 'receive-after-photo')
    await expectAccessible(other.page)
    await other.page.getByRole('button', { name: 'Receive' }).click()
    await expect(other.page.getByRole('status')).toHaveText('Received 300 sats')
    await expect(total(other.page)).toHaveText('300 sats')
  } finally {
    await other.context.close()
  }
})

/**
 * A Y4M video (what Chromium's fake camera plays, looping at 30 frames a second): 6 s of a
 * blank frame, so Stop can be pressed before any code shows (1.5 s was not enough under load),
 * then 1.5 s of the QR code of `text`, dark modules black on white. Each frame: the Y plane, then
 * two neutral chroma planes.
 */
function qrVideo(text: string): Buffer {
  const width = 320
  const height = 240
  const modules = encodeQR(text, 'raw', { border: 4 })
  const scale = Math.floor(Math.min(width, height) / modules.length)
  const left = Math.floor((width - modules.length * scale) / 2)
  const top = Math.floor((height - modules.length * scale) / 2)
  const luma = Buffer.alloc(width * height, 235)
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale
        luma.fill(16, start, start + scale)
      }
    })
  })
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = (y: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), y, chroma])
  const blank = frame(Buffer.alloc(width * height, 235))
  const code = frame(luma)
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`)
  return Buffer.concat([header, ...Array(180).fill(blank), ...Array(45).fill(code)])
}

// The camera's text: written before the browser starts, which reads the file as its camera.
const scanned = 'cashuCnotatoken'
const video = join(mkdtempSync(join(tmpdir(), 'plume-fake-camera-')), 'qr.y4m')
writeFileSync(video, qrVideo(scanned))

// The browser of this file has the fake camera; only the test granted it may use it.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
})

test.describe('with a camera', () => {
  test.use({ permissions: ['camera'] })

  test('the camera reads a QR code into the field and closes; Receive confirms', async ({
    page,
    launchRelay,
    openApp,
    world,
  }) => {
    const relay = await launchRelay()
    await openApp([relay])
    await page.setViewportSize({ width: 390, height: 844 })
    await logIn(page, world.demoAccount, false)
    await openWallet(page)
    await createWallet(page)
    await page.getByRole('link', { name: 'Receive' }).click()

    // Stop closes the camera without touching the field.
    await page.getByRole('button', { name: 'Scan QR code' }).click()
    await expect(page.getByLabel('Camera')).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('camera-390.png') })
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect(page.getByLabel('Camera')).toHaveCount(0)
    await expect(page.getByLabel('Token')).toHaveValue('')

    await page.getByRole('button', { name: 'Scan QR code' }).click()
    // Once the blank start has played.
    await expect(page.getByLabel('Token')).toHaveValue(scanned, { timeout: 30_000 })
    await expect(page.getByLabel('Camera')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Scan QR code' })).toBeVisible()
    // Nothing is received before the user confirms.
    await expect(page.getByRole('status')).toHaveCount(0)
    await page.getByRole('button', { name: 'Receive' }).click()
    await expect(page.getByRole('alert')).toHaveText('Token version is not supported')
  })
})
