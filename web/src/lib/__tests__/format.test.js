import { describe, expect, it } from 'vitest'
import { formatCompact, formatFollowers } from '../format'

describe('formatCompact', () => {
  it('shows numbers compactly', () => {
    expect([950, 12_500, 2_200_000, -1500, 0.5, null].map((n) => formatCompact(n))).toEqual(['950', '12.5K', '2.2M', '-1.5K', '0.5', '—'])
    expect(formatFollowers(105_477)).toBe('105K')
  })
  it('tells axis ticks apart by their step', () => {
    expect([102_000, 102_500, 103_000].map((n) => formatCompact(n, 500))).toEqual(['102.0K', '102.5K', '103.0K'])
    expect([100_000, 150_000, 200_000].map((n) => formatCompact(n, 50_000))).toEqual(['100K', '150K', '200K'])
    expect([1_000_000, 1_050_000].map((n) => formatCompact(n, 50_000))).toEqual(['1.00M', '1.05M'])
    expect([0, 20, 40].map((n) => formatCompact(n, 20))).toEqual(['0', '20', '40'])
  })
})
