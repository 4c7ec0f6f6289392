import { describe, expect, it } from 'vitest'
import { axisSize, dayRange, MIN_DAYS } from '../chart-axis'

// A uPlot instance as axisSize sees it: its axes and a canvas context that
// measures 7 device pixels per character.
function plot(dpr) {
  window.devicePixelRatio = dpr
  return {
    axes: [{}, { ticks: { size: 10 }, gap: 5, font: ['12px sans-serif'], _size: 33 }],
    ctx: { font: '', measureText: (s) => ({ width: s.length * 7 * dpr }) },
  }
}

describe('axisSize', () => {
  it('fits the axis to its longest label', () => {
    expect(axisSize(plot(1), ['100K', '102.5K', '1.25M'], 1, 1)).toBe(10 + 5 + 4 + 42)
    expect(axisSize(plot(2), ['9', '10'], 1, 1)).toBe(10 + 5 + 4 + 14)
  })
  it('keeps its size on uPlot\'s later layout passes', () => {
    expect(axisSize(plot(1), ['102.5K'], 1, 2)).toBe(33)
  })
})

describe('dayRange', () => {
  const day = 86400
  const t = Date.UTC(2026, 11, 5) / 1000
  it('centres one day of data in a span of days', () => {
    expect(dayRange(null, t, t)).toEqual([t - (MIN_DAYS / 2) * day, t + (MIN_DAYS / 2) * day])
  })
  it('widens two close days and keeps a long span as it is', () => {
    const [a, b] = dayRange(null, t, t + day)
    expect(b - a).toBe(MIN_DAYS * day)
    expect((a + b) / 2).toBe(t + day / 2)
    expect(dayRange(null, t, t + 30 * day)).toEqual([t, t + 30 * day])
  })
})
