// Runs tsc with `strict` on the folders listed in tsconfig.strict.json (the feature folders and lib/) and fails on any
// error in a file of those folders. Strict errors in the other shared files they import (components/, config/) are
// counted but not failed on: those files are checked without `strict` by tsconfig.json until they are typed too.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = join(dirname(fileURLToPath(import.meta.url)), '..')
const conf = readFileSync(join(web, 'tsconfig.strict.json'), 'utf8')
const folders = [...new Set([...conf.matchAll(/"(src\/(?:features\/[^/*"]+|lib|components|config))\//g)].map((m) => m[1] + '/'))]
const tsc = spawnSync(join(web, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', 'tsconfig.strict.json'], { cwd: web, encoding: 'utf8' })
const errors = tsc.stdout.split('\n').filter((l) => /^src\/.*: error TS/.test(l))
const ours = errors.filter((l) => folders.some((f) => l.startsWith(f)))
for (const l of ours) console.error(l)
console.log(`typecheck (strict): ${folders.join(', ')}: ${ours.length} errors; ${errors.length - ours.length} in shared files they import (not strict yet)`)
if (tsc.status !== 0 && errors.length === 0) {
  console.error(tsc.stdout, tsc.stderr)
  process.exit(1)
}
process.exit(ours.length ? 1 : 0)
