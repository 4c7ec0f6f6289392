import { describe, it, expect } from 'vitest'
import { render, screen } from '@testing-library/react'
import { AgeFit } from '../age-fit'
import { expectNoAxeViolations } from '../../../../test-utils'

describe('AgeFit (the age part of a roster entry\'s fit)', () => {
  it('states the share in the campaign\'s ages with its basis', async () => {
    const { container } = render(<AgeFit parts={[{ name: 'niche', value: 1 }, { name: 'age', value: 1, share: 90, basis: 'derived' }]} />)
    expect(screen.getByText("Audience in the campaign's ages: 90% (derived from measured ages)")).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  it('says estimated for an imported split and n/a, never 0, without one', () => {
    const { rerender } = render(<AgeFit parts={[{ name: 'age', value: 0.286, share: 20, basis: 'estimated' }]} />)
    expect(screen.getByText("Audience in the campaign's ages: 20% (estimated from imported ages)")).toBeInTheDocument()
    rerender(<AgeFit parts={[{ name: 'age', value: null, basis: 'unavailable' }]} />)
    expect(screen.getByText("Audience in the campaign's ages: n/a (no age split)")).toBeInTheDocument()
    expect(screen.queryByText(/0%/)).toBeNull()
    rerender(<AgeFit parts={[]} />)
    expect(screen.queryByText(/campaign's ages/)).toBeNull()
  })
})
