// Splits the browser test files into N shards of about equal run time, one line of space-separated files per
// shard: `node scripts/e2e-shards.mjs 2 e2e/` (a directory stands for its *.test.mjs files). ops/test.sh runs each
// shard against a stack of its own (database, Redis database, api, worker, mail folder) at the same time, because
// the browser tests mostly wait (mail, the worker, animations) and one run of them all took 16 minutes.
//
// SECONDS are the files' run times measured in one sequential run on the 2-core test machine; a file missing from
// the table counts as UNKNOWN seconds. The split is greedy (longest first, onto the lightest shard), so a stale
// figure costs balance, never a test.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SECONDS = {
  'agreements.test.mjs': 134,
  'agreements-guardian.test.mjs': 50,
  'billing.test.mjs': 33,
  'campaign-loop.test.mjs': 34,
  'campaign.test.mjs': 38,
  'coach.test.mjs': 19,
  'creator-import.test.mjs': 42,
  'creator-offers.test.mjs': 40,
  'creator-profile.test.mjs': 30,
  'figures.test.mjs': 24,
  'flows.test.mjs': 30,
  'kit.test.mjs': 42,
  'offers.test.mjs': 40,
  'outreach-journey.test.mjs': 150,
  'outreach.test.mjs': 52,
  'payouts.test.mjs': 42,
  'quality.test.mjs': 36,
  'results.test.mjs': 71,
  'screenshots.test.mjs': 159,
  'settings.test.mjs': 42,
  'social.test.mjs': 39,
  'threads.test.mjs': 56,
  'trust.test.mjs': 74,
}
const UNKNOWN = 45

const [count, ...args] = process.argv.slice(2)
const n = Math.max(1, Number(count) || 1)
const files = args.flatMap((a) =>
  statSync(a).isDirectory()
    ? readdirSync(a)
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => join(a, f))
    : [a],
)
const weight = (f) => SECONDS[f.split('/').pop()] ?? UNKNOWN
const shards = Array.from({ length: n }, () => ({ total: 0, files: [] }))
for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lightest = shards.reduce((min, s) => (s.total < min.total ? s : min))
  lightest.files.push(f)
  lightest.total += weight(f)
}
for (const s of shards) if (s.files.length) console.log(s.files.sort().join(' '))
