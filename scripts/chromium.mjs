// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// installed with apt-get when we are root on Debian. Browser downloads cannot work here.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_PATH = '/usr/bin/chromium'

export function findChromium() {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted) {
    if (existsSync(wanted)) return wanted
    throw new Error(`CHROMIUM_PATH is set to ${wanted}, but there is no file there.`)
  }
  if (existsSync(DEBIAN_PATH)) return DEBIAN_PATH
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing the Debian package (apt-get install chromium)…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
    if (install && install.status === 0 && existsSync(DEBIAN_PATH)) return DEBIAN_PATH
  }
  throw new Error(
    'Chromium is needed for the browser tests. Install it with `sudo apt-get install chromium` ' +
      '(Debian) or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  )
}
