/**
 * axisSize fits a value axis to its longest label (uPlot calls it again when
 * the labels change), so labels such as "102.5K" or "1.25M" are never cut
 * off at the canvas edge, whatever the width.
 */
export function axisSize(u, values, axisIdx, cycleNum) {
  const axis = u.axes[axisIdx]
  if (cycleNum > 1) return axis._size
  const longest = (values || []).reduce((a, v) => (v.length > a.length ? v : a), '')
  let size = axis.ticks.size + axis.gap + 4
  if (longest) {
    u.ctx.font = axis.font[0]
    size += u.ctx.measureText(longest).width / (window.devicePixelRatio || 1)
  }
  return Math.ceil(size)
}
