import { launchChromium } from '/work/main/bench/browser.ts'
import { unlockDerivation } from '/work/main/bench/kdf.ts'
const browser = await launchChromium()
const t = Date.now()
const rows = await unlockDerivation.run({ browser } as never)
console.log(JSON.stringify(rows, null, 1), Date.now() - t)
await browser.close()
